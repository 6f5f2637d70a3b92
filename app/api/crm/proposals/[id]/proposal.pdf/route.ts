// GET /api/crm/proposals/{id}/proposal.pdf?lang=es|en: a stored proposal's unsigned PDF, for staff who may see it.
import { attachmentResponse } from "@/lib/http/attachment";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { renderStoredProposalPdf } from "@/lib/proposals/proposal-download.service";
import { storedProposalPdf } from "@/lib/proposals/proposals.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(storedProposalPdf, async (_request, { params, query, session }) => {
    await assertMaySeeProposal(session, params.id, "read_proposal");
    const file = await renderStoredProposalPdf(params.id, query.lang);
    return attachmentResponse(file.bytes, {
      fileName: file.fileName,
      contentType: "application/pdf",
    });
  }),
});

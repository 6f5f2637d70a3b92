// GET /api/crm/proposals/{id}/proposal.pdf?lang=es|en: a stored proposal's unsigned PDF, for staff who may see it.
import { z } from "zod";
import { attachmentResponse } from "@/lib/http/attachment";
import { zRouteId } from "@/lib/http/route";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { renderStoredProposalPdf } from "@/lib/proposals/proposal-download.service";
import { ZPdfLangQuery } from "@/lib/proposals/proposal.schema";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.proposals.pdf",
    async (_request, { params, query, session }) => {
      await assertMaySeeProposal(session, params.id, "read_proposal");
      const file = await renderStoredProposalPdf(params.id, query.lang);
      return attachmentResponse(file.bytes, {
        fileName: file.fileName,
        contentType: "application/pdf",
      });
    },
    { params: z.object({ id: zRouteId }), query: ZPdfLangQuery },
  ),
});

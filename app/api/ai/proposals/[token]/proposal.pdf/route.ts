// GET /api/ai/proposals/{token}/proposal.pdf?lang=es|en: the PDF of what the client sees on the link (the sealed PDF once signed).
import { attachmentResponse } from "@/lib/http/attachment";
import { methods, route } from "@/lib/http/route";
import { renderClientLinkPdf } from "@/lib/proposals/proposal-download.service";
import { proposalPdfByToken } from "@/lib/proposals/proposals.contract";
import { isStaffPreview } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(proposalPdfByToken, async (request, { params, query }) => {
    const file = await renderClientLinkPdf(params.token, query.lang, {
      isStaffPreview: await isStaffPreview(request),
    });
    return attachmentResponse(
      file.bytes,
      { fileName: file.fileName, contentType: "application/pdf" },
      { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    );
  }),
});

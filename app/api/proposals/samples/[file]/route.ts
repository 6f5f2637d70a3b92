// GET /api/proposals/samples/{slug}.pdf?lang=es|en: a fixed sample proposal's PDF; 404 for any other name.
import { attachmentResponse } from "@/lib/http/attachment";
import { methods, route } from "@/lib/http/route";
import { renderSamplePdf } from "@/lib/proposals/proposal-download.service";
import { samplePdf } from "@/lib/proposals/proposals.contract";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(samplePdf, async (_request, { params, query }) => {
    const file = await renderSamplePdf(params.file, query.lang);
    return attachmentResponse(
      file.bytes,
      { fileName: file.fileName, contentType: "application/pdf" },
      // The samples change only with a deploy.
      { "Cache-Control": "public, max-age=3600" },
    );
  }),
});

// GET /api/proposals/samples/{slug}.pdf?lang=es|en: a fixed sample proposal's PDF; 404 for any other name.
import { z } from "zod";
import { attachmentResponse } from "@/lib/http/attachment";
import { methods, route } from "@/lib/http/route";
import {
  renderSamplePdf,
  SAMPLE_PDF_FILES,
  type SamplePdfFile,
} from "@/lib/proposals/proposal-download.service";
import { ZPdfLangQuery } from "@/lib/proposals/proposal.schema";

const names = Object.keys(SAMPLE_PDF_FILES) as [SamplePdfFile, ...SamplePdfFile[]];

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "proposals.sample_pdf",
    async (_request, { params, query }) => {
      const file = await renderSamplePdf(params.file, query.lang);
      return attachmentResponse(
        file.bytes,
        { fileName: file.fileName, contentType: "application/pdf" },
        // The samples change only with a deploy.
        { "Cache-Control": "public, max-age=3600" },
      );
    },
    { params: z.object({ file: z.enum(names) }), query: ZPdfLangQuery },
  ),
});

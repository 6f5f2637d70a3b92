// GET /api/ai/proposals/{token}/signed.pdf: the sealed PDF (application/pdf) once signed; 404 before.
import { NextResponse } from "next/server";
import { methods, route } from "@/lib/http/route";
import { getSealedPdfByToken } from "@/lib/proposals/proposal-link.service";
import { signedPdfByToken } from "@/lib/proposals/proposals.contract";
import { visitorLangOf } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(signedPdfByToken, async (request, { params }) => {
    const pdf = await getSealedPdfByToken(params.token, visitorLangOf(request));
    return new NextResponse(Buffer.from(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'attachment; filename="signed-proposal.pdf"',
        "Cache-Control": "no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  }),
});

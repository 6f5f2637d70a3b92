// POST /api/proposals/verify: multipart `file` (a PDF) or JSON {sha256} → {match: true, title, signer, signed_at} or {match: false}; 400/413 for bad input.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { verifySealedPdf } from "@/lib/proposals/proposal-verify.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { readVerifyInput } from "@/lib/proposals/verify-input";

export const POST = route("proposals.verify", async (request) => {
  const input = await readVerifyInput(request);
  return NextResponse.json(await verifySealedPdf(input, auditContextOf(request).ipAddress), {
    headers: { "Cache-Control": "no-store" },
  });
});

// POST /api/proposals/verify: multipart `file` (a PDF) or JSON {sha256} → {match: true, title, signer, signed_at} or {match: false}; 400/413 for bad input.
import { NextResponse } from "next/server";
import { methods, route } from "@/lib/http/route";
import { verifySealedPdf } from "@/lib/proposals/proposal-verify.service";
import { readVerifyInput } from "@/lib/proposals/verify-input";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route("proposals.verify", async (request, { client }) => {
    const input = await readVerifyInput(request);
    const address = client.address === "unknown" ? null : client.address;
    return NextResponse.json(await verifySealedPdf(input, address), {
      headers: { "Cache-Control": "no-store" },
    });
  }),
});

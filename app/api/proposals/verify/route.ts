// POST /api/proposals/verify: multipart `file` (a PDF) or JSON {sha256} → {match: true, title, signer, signed_at} or {match: false}; 400/413 for bad input, 429 past the address's budget (taken before the upload is read).
import { NextResponse } from "next/server";
import { methods, route } from "@/lib/http/route";
import { takeVerifyBudget, verifySealedPdf } from "@/lib/proposals/proposal-verify.service";
import { readVerifyInput } from "@/lib/proposals/verify-input";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route("proposals.verify", async (request, { client }) => {
    // The address pays before a byte of the upload is read.
    await takeVerifyBudget(client.address === "unknown" ? null : client.address);
    const input = await readVerifyInput(request);
    return NextResponse.json(await verifySealedPdf(input), {
      headers: { "Cache-Control": "no-store" },
    });
  }),
});

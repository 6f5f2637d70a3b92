// POST /api/proposals/verify: multipart `file` (a PDF) or JSON {sha256}: is this a document we sealed?
import { methods, route } from "@/lib/http/route";
import { takeVerifyBudget, verifySealedPdf } from "@/lib/proposals/proposal-verify.service";
import { verifyPdf } from "@/lib/proposals/proposals.contract";
import { readVerifyInput } from "@/lib/proposals/verify-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(verifyPdf, async (request, { client, reply }) => {
    // The address pays before a byte of the upload is read.
    await takeVerifyBudget(client.address === "unknown" ? null : client.address);
    const input = await readVerifyInput(request);
    return reply(200, await verifySealedPdf(input), { "Cache-Control": "no-store" });
  }),
});

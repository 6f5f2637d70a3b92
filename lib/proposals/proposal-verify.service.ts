import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/http/app-error";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { dataOf } from "./proposal-dto";
import { selectSignatureByPdfSha256 } from "./proposal.repo";
import { clientNameOf, type VerifyResultDto } from "./proposal.schema";

// Anyone holding a sealed PDF (or its SHA-256) can ask whether we sealed it, for whom and when.

/** Verifications one address may ask for per ten minutes: each upload costs a hash of up to 10 MB. */
const VERIFY_ATTEMPTS = { bucket: "proposal_verify", max: 30, windowMs: 10 * 60 * 1000 };
const PDF_MAGIC = Buffer.from("%PDF-");

async function lookUp(sha256: string): Promise<VerifyResultDto> {
  const row = await selectSignatureByPdfSha256(sha256);
  if (!row) return { match: false };
  const data = dataOf(row.proposal);
  return {
    match: true,
    title: data.title || clientNameOf(data),
    // After erasure the company stands in for the signer's name: named once.
    signer: row.fullName === row.company ? row.company : `${row.fullName} (${row.company})`,
    signed_at: row.signedAt.toISOString(),
  };
}

/** A changed byte changes the hash, so a modified copy is reported as not matching. */
export async function verifySealedPdf(
  input: { file: Uint8Array } | { sha256: string },
  address: string | null,
): Promise<VerifyResultDto> {
  if ("file" in input && !Buffer.from(input.file.subarray(0, 5)).equals(PDF_MAGIC))
    throw new AppError("validation", "The file is not a PDF.", {
      fields: { file: ["The file is not a PDF."] },
    });
  const limit = await takeLimit({ ...VERIFY_ATTEMPTS, key: address ?? "unknown" });
  if (limit.isLimited)
    throw new AppError("throttled", "Too many verifications; try again later.", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const sha256 =
    "file" in input ? createHash("sha256").update(input.file).digest("hex") : input.sha256;
  return lookUp(sha256);
}

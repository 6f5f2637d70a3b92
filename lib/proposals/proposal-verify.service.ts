import "server-only";
import { appError } from "@/lib/http/server-message";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { dataOf } from "./proposal-dto";
import { serverEnv } from "@/lib/env";
import { selectSignatureByContentSha256, selectSignatureByPdfSha256 } from "./proposal.repo";
import { proposalNameOf, type VerifyResultDto } from "./proposal.schema";

// Anyone holding a sealed PDF, its SHA-256 or the content SHA-256 printed on its certificate page can ask
// whether we sealed it, for whom and when. The answer names only what the kept record holds after erasure
// (title, company standing in for the signer, signing time), so it is the same before and after.

/** Verifications one address may ask for per ten minutes: each upload costs a hash of up to 10 MB. */
const VERIFY_ATTEMPTS = { bucket: "proposal_verify", max: 30, windowMs: 10 * 60 * 1000 };

async function lookUp(sha256: string): Promise<VerifyResultDto> {
  const byFile = await selectSignatureByPdfSha256(sha256);
  const row = byFile ?? (await selectSignatureByContentSha256(sha256));
  if (!row) return { match: false };
  const data = dataOf(row.proposal);
  return {
    match: true,
    kind: byFile ? "file" : "content",
    title: proposalNameOf(data),
    // After erasure the company stands in for the signer's name: named once.
    signer: row.fullName === row.company ? row.company : `${row.fullName} (${row.company})`,
    signed_at: row.signedAt.toISOString(),
    time_zone: serverEnv().ANALYTICS_TIME_ZONE,
  };
}

/**
 * Takes one verification from the address's budget (429 when spent). Called before the upload is
 * read, so every request pays, PDF or not, and a flood costs no more than its first bytes.
 */
export async function takeVerifyBudget(address: string | null): Promise<void> {
  const limit = await takeLimit({ ...VERIFY_ATTEMPTS, key: address ?? "unknown" });
  if (limit.isLimited)
    throw appError("throttled", "tooManyVerifications", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
}

/** A changed byte changes the file's hash, so a modified copy is reported as not matching. */
export async function verifySealedPdf(input: { sha256: string }): Promise<VerifyResultDto> {
  return lookUp(input.sha256);
}

import "server-only";
import { appError } from "@/lib/http/server-message";
import { isUuid } from "@/lib/uuid";
import { inTransaction } from "@/lib/db";
import { toCaptureWrite, writeFiledLead } from "./lead-capture.service";
import { attributeSubmission } from "./lead-attribution.service";
import { countPendingHeld, resolveHeld, selectHeld, selectPendingHeld } from "./lead-review.repo";
import type { HeldSubmissionDto, TReviewDecision } from "./lead-review.schema";
import { ZLeadSubmissionRequest } from "./lead-submission.schema";

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** The "Needs review" list: submissions held back when the global lead threshold was passed. */
export async function listHeldSubmissions(): Promise<HeldSubmissionDto[]> {
  return (await selectPendingHeld()).map((row) => {
    const payload = (row.payload ?? {}) as Record<string, unknown>;
    return {
      id: row.id,
      email: row.email,
      name: text(payload.name) ?? row.email,
      company: text(payload.company),
      source: text(payload.source) ?? "optin",
      message: text(payload.message),
      client_address: row.clientAddress,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export function countHeldSubmissions(): Promise<number> {
  return countPendingHeld();
}

/** A held submission as the capture would have filed it. */
async function captureWriteOf(held: NonNullable<Awaited<ReturnType<typeof selectHeld>>>) {
  // Stored after validation, so it parses; parsing again keeps the types honest.
  const request = ZLeadSubmissionRequest.parse(held.payload);
  return toCaptureWrite(request, {
    submissionId: held.submissionId,
    bodyHash: held.bodyHash,
    dedupeSince: null,
    userAgent: held.userAgent,
    referrer: held.referrer,
    // Touches up to when it arrived, not when it was accepted.
    attribution: await attributeSubmission(request, held.createdAt),
  });
}

/** Accepting files the submission as a lead exactly as the capture would have; discarding keeps it out for good. */
export async function decideHeldSubmission(
  id: string,
  { decision }: TReviewDecision,
): Promise<{
  id: string;
  decision: TReviewDecision["decision"];
  lead_submission_id: string | null;
}> {
  const held = isUuid(id) ? await selectHeld(id) : null;
  if (!held) throw appError("not_found", "noHeldSubmission");
  if (held.resolvedAt) throw appError("conflict", "submissionReviewed");

  // Read before the transaction: inside it only the transaction's own client may be used.
  const write = decision === "accept" ? await captureWriteOf(held) : null;
  // The lead, its alert and the decision commit together: a submission is filed once, and alerted.
  const leadSubmissionId = await inTransaction(async (tx) => {
    const filed = write ? (await writeFiledLead(write, tx)).submissionId : null;
    if (!(await resolveHeld(id, write ? "accepted" : "discarded", filed, tx)))
      throw appError("conflict", "submissionReviewed");
    return filed;
  });
  return { id, decision, lead_submission_id: leadSubmissionId };
}

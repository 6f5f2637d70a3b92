import "server-only";
import { AppError } from "@/lib/http/app-error";
import { isLeadId, pickNewLeadOwnerInTransaction } from "@/lib/crm/lead.service";
import { writeCapture } from "./lead-capture.repo";
import { toCaptureWrite } from "./lead-capture.service";
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

/** Accepting files the submission as a lead exactly as the capture would have; discarding keeps it out for good. */
export async function decideHeldSubmission(
  id: string,
  { decision }: TReviewDecision,
): Promise<{
  id: string;
  decision: TReviewDecision["decision"];
  lead_submission_id: string | null;
}> {
  const held = isLeadId(id) ? await selectHeld(id) : null;
  if (!held) throw new AppError("not_found", "There is no held submission with this id.");
  if (held.resolvedAt) throw new AppError("conflict", "This submission has already been reviewed.");

  let leadSubmissionId: string | null = null;
  if (decision === "accept") {
    // Stored after validation, so it parses; parsing again keeps the types honest.
    const request = ZLeadSubmissionRequest.parse(held.payload);
    const result = await writeCapture(
      toCaptureWrite(request, {
        submissionId: held.submissionId,
        bodyHash: held.bodyHash,
        dedupeSince: null,
        userAgent: held.userAgent,
        referrer: held.referrer,
        // Touches up to when it arrived, not when it was accepted.
        attribution: await attributeSubmission(request, held.createdAt),
      }),
      pickNewLeadOwnerInTransaction,
    );
    leadSubmissionId = result.submissionId;
  }
  if (!(await resolveHeld(id, decision === "accept" ? "accepted" : "discarded", leadSubmissionId)))
    throw new AppError("conflict", "This submission has already been reviewed.");
  return { id, decision, lead_submission_id: leadSubmissionId };
}

import { callEndpoint } from "@/lib/http/contract-client";
import type { z } from "zod";
import { decideHeld } from "@/lib/api-docs/endpoints";
import type { HeldSubmissionDto, TReviewDecision } from "@/lib/leads/lead-review.schema";
import type { ZLeadSubmissionRequest } from "@/lib/leads/lead-submission.schema";
import { submitLead as submitLeadContract } from "@/lib/api-docs/endpoints";

/** The body our forms send: the documented lead fields plus the optional id, timing and honeypot. */
export type LeadSubmissionBody = z.input<typeof ZLeadSubmissionRequest> & { submission_id: string };

/** The leads feature's one door to the API: POST /api/leads (the submission id doubles as Idempotency-Key). */
export function submitLead(body: LeadSubmissionBody): Promise<{ ok: true; id: string }> {
  return callEndpoint(
    submitLeadContract,
    { body },
    { headers: { "idempotency-key": body.submission_id }, keepalive: true },
  );
}

/** A random submission id, also where crypto.randomUUID is missing (any origin that is not HTTPS or localhost). */
export function newSubmissionId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function")
    return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto !== "undefined" && typeof crypto.getRandomValues === "function")
    crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `sub-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** Staff: decide about a submission held in "Needs review". */
export function decideHeldSubmission(id: string, decision: TReviewDecision["decision"]) {
  return callEndpoint(decideHeld, { params: { id }, body: { decision } });
}

export type { HeldSubmissionDto };

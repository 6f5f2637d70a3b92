/**
 * Client side of "never lose a lead": a submission is written to localStorage before it is sent and
 * removed only when the server has answered for good, so a failed request (offline, 5xx, 429) is
 * retried, also on a later visit. The submission id makes every retry safe to repeat. A submission
 * the server refuses as invalid (400, 413, 415) would be refused for ever: it is dropped, and the
 * caller tells the visitor.
 */
import { ApiError } from "@/lib/http/api-client";
import { submitLead, type LeadSubmissionBody } from "./leads-api";

const OUTBOX_KEY = "av_lead_outbox";

export type SendOutcome = "sent" | "rejected" | "queued";

interface PendingSubmission {
  body: LeadSubmissionBody;
  savedAt: number;
}

function read(): PendingSubmission[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as PendingSubmission[]) : [];
  } catch {
    return [];
  }
}

function write(pending: PendingSubmission[]) {
  try {
    if (pending.length === 0) localStorage.removeItem(OUTBOX_KEY);
    else localStorage.setItem(OUTBOX_KEY, JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the in-page retry still runs.
  }
}

export function hasPendingSubmissions(): boolean {
  return read().length > 0;
}

/** Saves, sends and, once the server has answered for good, forgets one submission. */
export async function sendLeadSubmission(body: LeadSubmissionBody): Promise<SendOutcome> {
  const pending = read().filter((item) => item.body.submission_id !== body.submission_id);
  write([...pending, { body, savedAt: Date.now() }]);
  return deliver(body);
}

/** Re-sends everything still waiting; says how many remain and how many the server refused for good. */
export async function flushLeadOutbox(): Promise<{ remaining: number; rejected: number }> {
  let rejected = 0;
  for (const item of read()) if ((await deliver(item.body)) === "rejected") rejected++;
  return { remaining: read().length, rejected };
}

const REFUSED_FOR_GOOD = new Set([400, 413, 415]);

async function deliver(body: LeadSubmissionBody): Promise<SendOutcome> {
  try {
    await submitLead(body);
  } catch (error) {
    if (error instanceof ApiError && REFUSED_FOR_GOOD.has(error.status)) {
      forget(body.submission_id);
      return "rejected";
    }
    return "queued";
  }
  forget(body.submission_id);
  return "sent";
}

function forget(submissionId: string) {
  write(read().filter((item) => item.body.submission_id !== submissionId));
}

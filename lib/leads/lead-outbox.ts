/**
 * Client side of "never lose a lead": a submission is written to localStorage before it is sent and
 * removed only when the server acknowledges it, so a failed request (offline, 5xx, 429) is retried,
 * also on a later visit. The submission id makes every retry safe to repeat.
 */
const OUTBOX_KEY = "av_lead_outbox";

export type SendOutcome = "sent" | "rejected" | "queued";

interface PendingSubmission {
  body: Record<string, unknown> & { submission_id: string };
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
export async function sendLeadSubmission(body: PendingSubmission["body"]): Promise<SendOutcome> {
  const pending = read().filter((item) => item.body.submission_id !== body.submission_id);
  write([...pending, { body, savedAt: Date.now() }]);
  return deliver(body);
}

/** Re-sends everything still waiting; returns how many remain. */
export async function flushLeadOutbox(): Promise<number> {
  for (const item of read()) await deliver(item.body);
  return read().length;
}

async function deliver(body: PendingSubmission["body"]): Promise<SendOutcome> {
  let status = 0;
  try {
    const response = await fetch("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": body.submission_id },
      body: JSON.stringify(body),
      keepalive: true,
    });
    status = response.status;
  } catch {
    return "queued";
  }
  if (status === 201) {
    forget(body.submission_id);
    return "sent";
  }
  // A request the server will refuse again whatever we do: keeping it would retry forever.
  if (status === 400 || status === 413 || status === 415) {
    forget(body.submission_id);
    return "rejected";
  }
  return "queued";
}

function forget(submissionId: string) {
  write(read().filter((item) => item.body.submission_id !== submissionId));
}

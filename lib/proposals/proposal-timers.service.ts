import "server-only";
import { db, type DbClient } from "@/lib/db";
import { enqueueJob, type NewJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { markExpired } from "./proposal.repo";
import { PROPOSAL_REMINDER_DAYS_BEFORE } from "./proposal.schema";

// The proposal's jobs, by kind and key: the opened alert (handled by lib/alerts) and the timers
// (handled here); the job registry joins kinds to handlers, so neither side imports the other.
export const PROPOSAL_OPENED_ALERT_JOB = "alert.proposal_opened";
export const PROPOSAL_EXPIRE_JOB = "proposal.expire";
export const PROPOSAL_REMINDER_JOB = "proposal.reminder";

export const proposalOpenedAlertJob = (proposalId: string): NewJob => ({
  kind: PROPOSAL_OPENED_ALERT_JOB,
  key: `alert:opened:${proposalId}`,
  payload: { proposalId },
});

/** Runs at the moment the link stops accepting a signature; a new date is a new job. */
export const proposalExpireJob = (proposalId: string, expiresAt: Date): NewJob => ({
  kind: PROPOSAL_EXPIRE_JOB,
  key: `expire:${proposalId}:${expiresAt.getTime()}`,
  payload: { proposalId },
  runAt: expiresAt,
});

/**
 * The client's reminder, due `daysBefore` days before the link expires; a new date is a new job
 * (the one for an older date finds the date moved and does nothing). One e-mail per proposal at
 * most, whatever runs: the message is keyed on the proposal (proposal-mail.service.ts).
 */
export const proposalReminderJob = (
  proposalId: string,
  expiresAt: Date,
  daysBefore: number,
): NewJob => ({
  kind: PROPOSAL_REMINDER_JOB,
  key: `reminder:${proposalId}:${expiresAt.getTime()}`,
  payload: { proposalId, expiresAt: expiresAt.toISOString() },
  runAt: new Date(expiresAt.getTime() - daysBefore * 86_400_000),
  maxAttempts: 5,
});

// Time-based rules of a shared proposal run as jobs at their moment, not when someone opens it.

const SYSTEM_AUDIT = { ipAddress: null, userAgent: null, actor: "system" } as const;

/**
 * Queues a shared link's timers for its date (once per date): the expiry at the moment it stops
 * accepting a signature, and the client's reminder 3 days before, unless that moment has passed
 * (a link shared or extended for 3 days or less gets no reminder: the client was just written to).
 * Given the transaction that set the date, the timers commit with it.
 */
export async function scheduleExpiry(
  proposalId: string,
  expiresAt: Date | null,
  now = new Date(),
  client: DbClient = db,
): Promise<void> {
  if (!expiresAt) return;
  await enqueueJob(proposalExpireJob(proposalId, expiresAt), client);
  const reminder = proposalReminderJob(proposalId, expiresAt, PROPOSAL_REMINDER_DAYS_BEFORE);
  if (reminder.runAt! > now) await enqueueJob(reminder, client);
}

/** Marks the proposal expired, with its audit event, unless it was signed, withdrawn or extended meanwhile. */
export const proposalExpireHandler: JobHandler = {
  async run(payload) {
    const proposalId = (payload as { proposalId?: unknown } | null)?.proposalId;
    if (typeof proposalId !== "string") throw new Error("expiry job without a proposal id");
    await markExpired(proposalId, SYSTEM_AUDIT);
  },
};

import "server-only";
import { proposalExpireJob, proposalReminderJob } from "@/lib/alerts/alert-jobs";
import { db, type DbClient } from "@/lib/db";
import { enqueueJob } from "@/lib/jobs/queue";
import type { JobHandler } from "@/lib/jobs/worker";
import { markExpired } from "./proposal.repo";
import { PROPOSAL_REMINDER_DAYS_BEFORE } from "./proposal.schema";

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

import "server-only";
import { proposalExpireJob } from "@/lib/alerts/alert-jobs";
import { enqueueJob } from "@/lib/jobs/queue";
import type { JobHandler } from "@/lib/jobs/worker";
import { markExpired } from "./proposal.repo";

// Time-based rules of a shared proposal run as jobs at their moment, not when someone opens it.

const SYSTEM_AUDIT = { ipAddress: null, userAgent: null, actor: "system" } as const;

/** Queues the expiry of a link for the moment it stops accepting a signature (once per date). */
export async function scheduleExpiry(proposalId: string, expiresAt: Date | null): Promise<void> {
  if (expiresAt) await enqueueJob(proposalExpireJob(proposalId, expiresAt));
}

/** Marks the proposal expired, with its audit event, unless it was signed, withdrawn or extended meanwhile. */
export const proposalExpireHandler: JobHandler = {
  async run(payload) {
    const proposalId = (payload as { proposalId?: unknown } | null)?.proposalId;
    if (typeof proposalId !== "string") throw new Error("expiry job without a proposal id");
    await markExpired(proposalId, SYSTEM_AUDIT);
  },
};

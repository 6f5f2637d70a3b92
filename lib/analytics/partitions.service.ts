import "server-only";
import { enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { ensureMonthlyPartitions } from "./partitions.repo";

export const PARTITIONS_JOB = "analytics.partitions";
/** Partitions exist for this month and this many after it, so a month never starts in the default one. */
export const MONTHS_AHEAD = 2;

/** The first day (YYYY-MM-DD, UTC) of `now`'s month and of the MONTHS_AHEAD months after it. */
export function monthsToCover(now: Date): string[] {
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, ahead) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1))
      .toISOString()
      .slice(0, 10),
  );
}

/** Creates the partitions still missing for this month and the next ones; returns the months created. */
export async function createPartitionsAhead(now = new Date()): Promise<string[]> {
  return ensureMonthlyPartitions(monthsToCover(now));
}

export const partitionsHandler: JobHandler = {
  async run() {
    return { created: await createPartitionsAhead() };
  },
};

/**
 * Enqueues today's run (one per UTC day, however many instances ask), due at once: the first worker
 * round after a start creates what is missing, and a month is covered two months before it begins.
 */
export async function schedulePartitionsAhead(now = new Date()): Promise<void> {
  await enqueueJob({
    kind: PARTITIONS_JOB,
    key: `analytics-partitions:${now.toISOString().slice(0, 10)}`,
    runAt: now,
    maxAttempts: 3,
  });
}

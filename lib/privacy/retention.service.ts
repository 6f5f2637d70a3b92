import "server-only";
import { serverEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/queue";
import { nextLocalHour } from "@/lib/jobs/local-time";
import type { JobHandler } from "@/lib/jobs/worker";
import { daysBefore, monthsBefore, RETENTION } from "./retention";
import { deleteExpiredRows } from "./retention.repo";

export const RETENTION_JOB = "privacy.retention";
/** The nightly run starts at this hour of the business time zone (ANALYTICS_TIME_ZONE). */
const RETENTION_HOUR = 3;

/** Removes everything past its period (lib/privacy/retention.ts); the job's result records what went. */
export async function runRetention(now = new Date()) {
  return deleteExpiredRows({
    analyticsEventsBefore: monthsBefore(now, RETENTION.analyticsEventsMonths),
    spamBefore: daysBefore(now, RETENTION.spamDays),
    rateLimitBefore: daysBefore(now, RETENTION.rateLimitDays),
    sessionsEndedBefore: daysBefore(now, RETENTION.staffSessionDays),
  });
}

export const retentionHandler: JobHandler = {
  async run() {
    return { removed: await runRetention() };
  },
};

/** Enqueues tonight's retention run (one per night, however many instances ask). */
export async function scheduleRetention(now = new Date()): Promise<void> {
  const runAt = nextLocalHour(now, RETENTION_HOUR, serverEnv().ANALYTICS_TIME_ZONE);
  await enqueueJob({
    kind: RETENTION_JOB,
    key: `retention:${runAt.toISOString().slice(0, 10)}`,
    runAt,
    maxAttempts: 3,
  });
}

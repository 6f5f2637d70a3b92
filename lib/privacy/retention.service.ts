import "server-only";
import { eraseLeadsInactiveSince } from "@/lib/crm/lead-erasure.service";
import { serverEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/queue/queue";
import { localDate, nextLocalHour } from "@/lib/queue/local-time";
import type { JobHandler } from "@/lib/queue/worker";
import { daysBefore, monthsBefore, RETENTION } from "@/lib/settings/retention-periods";
import { deleteExpiredRows } from "./retention.repo";

export const RETENTION_JOB = "privacy.retention";
/** The nightly run starts at this hour of the business time zone (ANALYTICS_TIME_ZONE). */
const RETENTION_HOUR = 3;

/** `date` moved back by whole calendar years (UTC). */
const yearsBefore = (date: Date, years: number) => monthsBefore(date, years * 12);

/** Removes everything past its period (lib/privacy/retention.ts); the job's result records what went. */
export async function runRetention(now = new Date()) {
  const analyticsCutoff = monthsBefore(now, RETENTION.analyticsEventsMonths);
  const crmCutoff = yearsBefore(now, RETENTION.crmInactiveYears);
  const removed = await deleteExpiredRows({
    analyticsEventsBefore: analyticsCutoff,
    analyticsEventIdsBefore: daysBefore(now, RETENTION.analyticsEventIdsDays),
    analyticsVisitorDaysBefore: localDate(analyticsCutoff, serverEnv().ANALYTICS_TIME_ZONE),
    spamBefore: daysBefore(now, RETENTION.spamDays),
    heldDecidedBefore: daysBefore(now, RETENTION.heldDecidedDays),
    heldUndecidedBefore: daysBefore(now, RETENTION.heldUndecidedDays),
    proposalEventAddressesBefore: crmCutoff,
    rateLimitBefore: daysBefore(now, RETENTION.rateLimitDays),
    sessionsEndedBefore: daysBefore(now, RETENTION.staffSessionDays),
  });
  // Erased, not deleted: the lead keeps its place in the numbers and its signed proposals stay as
  // legal records (the same erasure as POST /api/crm/leads/{id}/erase).
  const erasedLeadIds = await eraseLeadsInactiveSince(crmCutoff);
  return { ...removed, leads_erased: erasedLeadIds.length, erased_lead_ids: erasedLeadIds };
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

import "server-only";
import { serverEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/queue";
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
    analyticsEventIdsBefore: daysBefore(now, RETENTION.analyticsEventIdsDays),
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

/** The wall-clock parts of `date` in `timeZone`. */
function zonedParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The next moment it is `hour`:00 in `timeZone` after `now` (DST-safe to the hour). */
export function nextLocalHour(now: Date, hour: number, timeZone: string): Date {
  const local = zonedParts(now, timeZone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    // Guess in UTC, then correct by the zone's offset at that guess.
    const guess = new Date(Date.UTC(local.year, local.month - 1, local.day + dayOffset, hour));
    const seen = zonedParts(guess, timeZone);
    const offsetMs =
      Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess.getTime();
    const candidate = new Date(guess.getTime() - offsetMs);
    if (candidate > now) return candidate;
  }
  throw new Error("no next occurrence");
}

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

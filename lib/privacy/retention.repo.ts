import "server-only";
import { db } from "@/lib/db";

/**
 * Drops every monthly partition of analytics_events that ends at or before `before` (whole months: no
 * row-by-row delete, no bloat), counting its rows first for the job's record. Returns the rows dropped
 * and the partitions' names.
 */
async function dropAnalyticsPartitionsBefore(before: Date) {
  const partitions = await db.$queryRaw<{ name: string }[]>`
    SELECT c.relname AS name
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'analytics_events'::regclass
       AND c.relname ~ '^analytics_events_p[0-9]{6}$'
       AND (to_date(substr(c.relname, 19), 'YYYYMM') + interval '1 month')::timestamp AT TIME ZONE 'UTC' <= ${before}
     ORDER BY 1`;
  let rows = 0;
  for (const { name } of partitions) {
    // The name comes from the catalogue and matched the pattern above, so it is safe to splice in.
    const [counted] = await db.$transaction([
      db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${name}"`),
      db.$executeRawUnsafe(`DROP TABLE "${name}"`),
    ]);
    rows += Number(counted[0]?.n ?? 0);
  }
  return { rows, partitions: partitions.map((partition) => partition.name) };
}

/** Deletes what is past its period; returns how many rows each table lost. */
export async function deleteExpiredRows(cutoffs: {
  analyticsEventsBefore: Date;
  analyticsEventIdsBefore: Date;
  spamBefore: Date;
  rateLimitBefore: Date;
  sessionsEndedBefore: Date;
}) {
  const dropped = await dropAnalyticsPartitionsBefore(cutoffs.analyticsEventsBefore);
  const [analytics, eventIds, spam, counters, hits, sessions, challenges] = await db.$transaction([
    // What is left before the cutoff: the first days of the month it falls in, and the default partition.
    db.analyticsEvent.deleteMany({ where: { receivedAt: { lt: cutoffs.analyticsEventsBefore } } }),
    db.analyticsEventId.deleteMany({
      where: { receivedAt: { lt: cutoffs.analyticsEventIdsBefore } },
    }),
    db.spamSubmission.deleteMany({ where: { createdAt: { lt: cutoffs.spamBefore } } }),
    db.rateLimitCounter.deleteMany({ where: { windowStart: { lt: cutoffs.rateLimitBefore } } }),
    db.rateLimitHit.deleteMany({ where: { createdAt: { lt: cutoffs.rateLimitBefore } } }),
    db.staffSession.deleteMany({
      where: {
        OR: [
          { expiresAt: { lt: cutoffs.sessionsEndedBefore } },
          // Past the 12-hour absolute end (lib/staff/session.service.ts), whatever its idle end says.
          {
            createdAt: {
              lt: new Date(cutoffs.sessionsEndedBefore.getTime() - 12 * 60 * 60 * 1000),
            },
          },
        ],
      },
    }),
    // Two-factor challenges (Better Auth's verification rows) live 10 minutes; one abandoned after the
    // password step is never read again, so it would stay for ever.
    db.staffVerification.deleteMany({ where: { expiresAt: { lt: cutoffs.sessionsEndedBefore } } }),
  ]);
  return {
    analytics_events: dropped.rows + analytics.count,
    analytics_partitions_dropped: dropped.partitions,
    analytics_event_ids: eventIds.count,
    spam_submissions: spam.count,
    rate_limit_counters: counters.count,
    rate_limit_hits: hits.count,
    staff_sessions: sessions.count,
    staff_verifications: challenges.count,
  };
}

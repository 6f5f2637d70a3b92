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
  /** The business day (YYYY-MM-DD) of the analytics cutoff: per-visitor rows are keyed by it. */
  analyticsVisitorDaysBefore: string;
  spamBefore: Date;
  heldDecidedBefore: Date;
  heldUndecidedBefore: Date;
  proposalEventAddressesBefore: Date;
  rateLimitBefore: Date;
  sessionsEndedBefore: Date;
}) {
  const dropped = await dropAnalyticsPartitionsBefore(cutoffs.analyticsEventsBefore);
  const [
    analytics,
    eventIds,
    visitorDays,
    visitors,
    spam,
    held,
    proposalEvents,
    counters,
    hits,
    sessions,
    challenges,
  ] = await db.$transaction([
    // What is left before the cutoff: the first days of the month it falls in, and the default partition.
    db.analyticsEvent.deleteMany({ where: { receivedAt: { lt: cutoffs.analyticsEventsBefore } } }),
    db.analyticsEventId.deleteMany({
      where: { receivedAt: { lt: cutoffs.analyticsEventIdsBefore } },
    }),
    // The daily totals (analytics_daily_visitor_totals) keep each day's count; the rows naming who
    // visited that day go.
    db.$executeRaw`DELETE FROM analytics_daily_visitors WHERE day < ${cutoffs.analyticsVisitorDaysBefore}::date`,
    // seen_day is a visitor's latest day, so none of their days is left. One statement, so a batch
    // ingesting the visitor meanwhile (it moves seen_day forward under the row lock) makes PostgreSQL
    // re-check the condition and keep the row.
    db.$executeRaw`DELETE FROM analytics_visitors WHERE seen_day < ${cutoffs.analyticsVisitorDaysBefore}::date`,
    db.spamSubmission.deleteMany({ where: { createdAt: { lt: cutoffs.spamBefore } } }),
    db.heldLeadSubmission.deleteMany({
      where: {
        OR: [
          { resolvedAt: { lt: cutoffs.heldDecidedBefore } },
          { resolvedAt: null, createdAt: { lt: cutoffs.heldUndecidedBefore } },
        ],
      },
    }),
    db.proposalEvent.updateMany({
      where: {
        createdAt: { lt: cutoffs.proposalEventAddressesBefore },
        OR: [{ ipAddress: { not: null } }, { userAgent: { not: null } }],
      },
      data: { ipAddress: null, userAgent: null },
    }),
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
    analytics_daily_visitors: visitorDays,
    analytics_visitors: visitors,
    spam_submissions: spam.count,
    held_lead_submissions: held.count,
    proposal_event_addresses: proposalEvents.count,
    rate_limit_counters: counters.count,
    rate_limit_hits: hits.count,
    staff_sessions: sessions.count,
    staff_verifications: challenges.count,
  };
}

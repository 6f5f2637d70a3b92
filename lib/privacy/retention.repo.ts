import "server-only";
import { db } from "@/lib/db";

/** Deletes what is past its period; returns how many rows each table lost. */
export async function deleteExpiredRows(cutoffs: {
  analyticsEventsBefore: Date;
  spamBefore: Date;
  rateLimitBefore: Date;
  sessionsEndedBefore: Date;
}) {
  const [analytics, spam, counters, hits, sessions] = await db.$transaction([
    db.analyticsEvent.deleteMany({ where: { receivedAt: { lt: cutoffs.analyticsEventsBefore } } }),
    db.spamSubmission.deleteMany({ where: { createdAt: { lt: cutoffs.spamBefore } } }),
    db.rateLimitCounter.deleteMany({ where: { windowStart: { lt: cutoffs.rateLimitBefore } } }),
    db.rateLimitHit.deleteMany({ where: { createdAt: { lt: cutoffs.rateLimitBefore } } }),
    db.staffSession.deleteMany({
      where: {
        OR: [
          { expiresAt: { lt: cutoffs.sessionsEndedBefore } },
          { revokedAt: { lt: cutoffs.sessionsEndedBefore } },
        ],
      },
    }),
  ]);
  return {
    analytics_events: analytics.count,
    spam_submissions: spam.count,
    rate_limit_counters: counters.count,
    rate_limit_hits: hits.count,
    staff_sessions: sessions.count,
  };
}

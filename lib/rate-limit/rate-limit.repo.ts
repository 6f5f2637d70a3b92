import "server-only";
import { db } from "@/lib/db";

/** Counts hits newer than `since` and returns the oldest of them (for Retry-After). */
export async function countHitsSince(
  bucket: string,
  key: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const result = await db.rateLimitHit.aggregate({
    where: { bucket, key, createdAt: { gt: since } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return { count: result._count._all, oldest: result._min.createdAt };
}

export async function recordHits(hits: { bucket: string; key: string }[]): Promise<void> {
  await db.rateLimitHit.createMany({ data: hits });
}

/** Old hits are useless once outside every window; deleting them keeps the table small. */
export async function deleteHitsBefore(before: Date): Promise<void> {
  await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: before } } });
}

/**
 * Counts hits newer than `since` and, when fewer than `max`, records one more, in one round trip
 * (for hot paths such as analytics beacons, where two ORM calls per request cost more than the work).
 */
export async function countAndRecordHit(
  bucket: string,
  key: string,
  since: Date,
  max: number,
): Promise<{ count: number; oldest: Date | null }> {
  const rows = await db.$queryRaw<{ count: bigint; oldest: Date | null }[]>`
    WITH counted AS (
      SELECT count(*) AS count, min(created_at) AS oldest FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND created_at > ${since}
    ), hit AS (
      INSERT INTO rate_limit_hits (bucket, key) SELECT ${bucket}, ${key} FROM counted WHERE count < ${max}
    )
    SELECT count, oldest FROM counted`;
  return { count: Number(rows[0]?.count ?? 0), oldest: rows[0]?.oldest ?? null };
}

import "server-only";
import { db } from "@/lib/db";

/** Counts hits newer than `since` and returns the oldest of them (for Retry-After). */
export async function countHitsSince(bucket: string, key: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
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

import "server-only";
import { db, preparedQuery, sqlQuery } from "@/lib/db";

/**
 * Counts one hit in the current slice when the hits of every slice still inside the window, plus
 * this one, stay within `max`, in ONE statement. Parallel requests all land on the current slice's
 * row, so the conflict path waits for its lock and re-checks against the latest count: a burst can
 * never slip past the limit. Returns the new total, or null when refused.
 */
export async function takeCounterSlot(input: {
  bucket: string;
  key: string;
  sliceStart: Date;
  windowOpensAfter: Date;
  max: number;
}): Promise<number | null> {
  const { rows } = await preparedQuery<{ total: number }>(
    "rate_limit_take_slot",
    `WITH earlier AS (
       SELECT coalesce(sum(count), 0)::int AS total FROM rate_limit_counters
        WHERE bucket = $1 AND key = $2 AND window_start > $4 AND window_start < $3
     )
     INSERT INTO rate_limit_counters AS c (bucket, key, window_start, count)
     SELECT $1, $2, $3, 1 FROM earlier WHERE earlier.total + 1 <= $5::int
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = c.count + 1
       WHERE c.count + 1 + (SELECT total FROM earlier) <= $5::int
     RETURNING c.count + (SELECT total FROM earlier) AS total`,
    [input.bucket, input.key, input.sliceStart, input.windowOpensAfter, input.max],
  );
  return rows[0]?.total ?? null;
}

/** Gives back one hit of the current slice (e.g. an unlock that turned out to be right). */
export async function releaseCounterSlot(bucket: string, key: string, sliceStart: Date) {
  await sqlQuery(
    `UPDATE rate_limit_counters SET count = count - 1
      WHERE bucket = $1 AND key = $2 AND window_start = $3 AND count > 0`,
    [bucket, key, sliceStart],
  );
}

/** The slices still inside the window, oldest first (to count, or to tell when hits fall out). */
export async function readSlices(
  bucket: string,
  key: string,
  windowOpensAfter: Date,
): Promise<{ start: Date; count: number }[]> {
  const { rows } = await sqlQuery<{ start: Date; count: number }>(
    `SELECT window_start AS start, count FROM rate_limit_counters
      WHERE bucket = $1 AND key = $2 AND window_start > $3 ORDER BY window_start`,
    [bucket, key, windowOpensAfter],
  );
  return rows.map((row) => ({ start: new Date(row.start), count: Number(row.count) }));
}

/** Slices older than every window are useless; deleting them keeps the tables small. */
export async function deleteCountersBefore(before: Date): Promise<void> {
  await db.rateLimitCounter.deleteMany({ where: { windowStart: { lt: before } } });
  await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: before } } });
}

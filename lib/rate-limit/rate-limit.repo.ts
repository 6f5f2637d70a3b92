import "server-only";
import { db, preparedQuery, sqlQuery } from "@/lib/db";

/** One slice of a window: when it started and the hits counted in it. */
export interface CounterSlice {
  start: Date;
  count: number;
}

/**
 * Counts one hit in the current slice when the hits of every slice still inside the window, plus
 * this one, stay within `max`, in ONE statement. Parallel requests all land on the current slice's
 * row, so the conflict path waits for its lock and re-checks against the latest count: a burst can
 * never slip past the limit. A refusal comes back from the same statement with the window's slices
 * (to tell the caller when to retry): a flood that is being refused costs one round trip per request.
 */
export async function takeCounterSlot(input: {
  bucket: string;
  key: string;
  sliceStart: Date;
  windowOpensAfter: Date;
  max: number;
}): Promise<{ total: number } | { slices: CounterSlice[] }> {
  const { rows } = await preparedQuery<{
    total: number | null;
    slices: { start: string; count: number }[] | null;
  }>(
    "rate_limit_take_slot",
    `WITH in_window AS (
       SELECT window_start, count FROM rate_limit_counters
        WHERE bucket = $1 AND key = $2 AND window_start > $4
     ), earlier AS (
       SELECT coalesce(sum(count), 0)::int AS total FROM in_window WHERE window_start < $3
     ), taken AS (
       INSERT INTO rate_limit_counters AS c (bucket, key, window_start, count)
       SELECT $1, $2, $3, 1 FROM earlier WHERE earlier.total + 1 <= $5::int
       ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = c.count + 1
         WHERE c.count + 1 + (SELECT total FROM earlier) <= $5::int
       RETURNING c.count + (SELECT total FROM earlier) AS total
     )
     SELECT (SELECT total FROM taken) AS total,
            CASE WHEN NOT EXISTS (SELECT 1 FROM taken) THEN
              (SELECT coalesce(json_agg(json_build_object('start', window_start, 'count', count)
                                        ORDER BY window_start), '[]'::json)
                 FROM in_window)
            END AS slices`,
    [input.bucket, input.key, input.sliceStart, input.windowOpensAfter, input.max],
  );
  const row = rows[0];
  if (row?.total != null) return { total: Number(row.total) };
  return {
    slices: (row?.slices ?? []).map((slice) => ({
      start: new Date(slice.start),
      count: Number(slice.count),
    })),
  };
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
): Promise<CounterSlice[]> {
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

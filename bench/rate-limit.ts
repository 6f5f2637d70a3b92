// The limiter's statement under contention: the old count-then-insert on rate_limit_hits (one CTE,
// not atomic) against the new check-and-count on rate_limit_counters (lib/rate-limit/rate-limit.repo.ts).
// 50 concurrent clients take slots of one key with max 10, then of 10,000 keys (the analytics shape):
// prints p50/p95 per statement and how many slots each let through beyond its max.
//   npx tsx bench/rate-limit.ts   (needs BENCH_DATABASE_URL or TEST_DATABASE_URL)
import pg from "pg";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase } from "@/tests/support/database";
import { runRecorded } from "./lib/run-output";

const CONCURRENCY = 50;
const OPERATIONS = Number(process.env.BENCH_OPERATIONS || 5000);

const OLD = `WITH counted AS (
  SELECT count(*) AS count FROM rate_limit_hits WHERE bucket = $1 AND key = $2 AND created_at > now() - interval '10 minutes'
), hit AS (
  INSERT INTO rate_limit_hits (bucket, key) SELECT $1, $2 FROM counted WHERE count < $3
)
SELECT count < $3 AS taken FROM counted`;

const NEW = `WITH earlier AS (
  SELECT coalesce(sum(count), 0)::int AS total FROM rate_limit_counters
   WHERE bucket = $1 AND key = $2 AND window_start > now() - interval '10 minutes' AND window_start < date_trunc('minute', now())
)
INSERT INTO rate_limit_counters AS c (bucket, key, window_start, count)
SELECT $1, $2, date_trunc('minute', now()), 1 FROM earlier WHERE earlier.total + 1 <= $3::int
ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = c.count + 1
  WHERE c.count + 1 + (SELECT total FROM earlier) <= $3::int
RETURNING true AS taken`;

async function run(pool: pg.Pool, sql: string, keys: number, max: number) {
  const latencies: number[] = [];
  let taken = 0;
  let next = 0;
  const bucket = `bench-${Math.random()}`;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OPERATIONS) {
        const key = String(next++ % keys);
        const start = performance.now();
        const { rows } = await pool.query<{ taken: boolean }>(sql, [bucket, key, max]);
        latencies.push(performance.now() - start);
        if (rows[0]?.taken) taken++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(1);
  return { p50: at(0.5), p95: at(0.95), taken, allowed: Math.min(OPERATIONS, keys * max) };
}

await runRecorded({ name: "rate-limit", command: "npx tsx bench/rate-limit.ts" }, async () => {
  const figures: string[] = [];
  const database = await createFreshDatabase();
  try {
    await applyMigrations(database.url, { log: () => {} });
    const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
    for (const [label, keys, max] of [
      ["one hot key, max 10", 1, 10],
      ["10,000 keys, max 120 (analytics shape)", 10_000, 120],
    ] as const) {
      for (const [name, sql] of [
        ["old count-then-insert", OLD],
        ["new atomic counter", NEW],
      ] as const) {
        const result = await run(pool, sql, keys, max);
        figures.push(
          `${keys}keys/${name.split(" ")[0]} p95=${result.p95}ms over=${Math.max(0, result.taken - result.allowed)}`,
        );
        console.log(
          `${label.padEnd(40)} ${name.padEnd(22)} p50 ${result.p50} ms  p95 ${result.p95} ms  through ${result.taken} (allowed ${result.allowed})`,
        );
      }
    }
    await pool.end();
  } finally {
    await database.dispose();
  }
  return `rate-limit: ${figures.join("; ")}`;
});

// Dashboard API latency over generated analytics: 1,000,000 and 10,000,000 events spread over a
// year (written straight in SQL, rollups built from them), GET /api/analytics for last30days and
// lastYear against the production build, and the same figures computed from the raw events in SQL.
// Uses a fresh database per size on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (PostgreSQL required).
//   npm run build && npm run bench:analytics-dashboard      (BENCH_SIZES=1000000 for the small one only)
import pg from "pg";
import { localDay, resolvePeriod, type Range } from "@/lib/analytics/periods";
import { startApp } from "@/scripts/lib/app-process";
import {
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  signInAsStaff,
  usesDatabaseServer,
  withBenchDatabase,
} from "./lib/bench-harness";
import { generateAnalyticsData } from "./lib/analytics-data";

const SIZES = (process.env.BENCH_SIZES || "1000000,10000000").split(",").map(Number);
/** Days the events cover; 730 with twice the events gives each lastYear answer a full previous year too. */
const SPAN_DAYS = Number(process.env.BENCH_SPAN_DAYS || 365);
const RANGES: Range[] = ["last30days", "lastYear"];
const RUNS = Number(process.env.BENCH_RUNS || 40);
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS || 5);
const TIME_ZONE = "America/New_York";
const port = Number(process.env.BENCH_PORT || 3312);

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

async function timeRuns(
  runs: number,
  work: () => Promise<unknown>,
): Promise<{ p50: number; p95: number; max: number }> {
  await work(); // warm-up: first use of a plan and of cold pages
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)! };
}

/** The four headline figures of a period and of the one before, from the raw events table (no rollups). */
async function rawAggregate(client: pg.Client, range: Range, now: Date) {
  const period = resolvePeriod({ range }, now, TIME_ZONE);
  const figures = async (start: Date, end: Date) =>
    (
      await client.query(
        `SELECT count(*) FILTER (WHERE event_type = 'page_view') AS views,
                count(DISTINCT user_id) FILTER (WHERE event_type = 'page_view') AS visitors,
                count(*) FILTER (WHERE event_type = 'camila_click') AS camila
         FROM analytics_events WHERE received_at >= $1 AND received_at < $2`,
        [start, end],
      )
    ).rows[0];
  return [
    await figures(period.start, period.end),
    await figures(period.previous.start, period.previous.end),
  ];
}

async function main() {
  requireProductionBuild();
  if (!usesDatabaseServer())
    throw new Error("set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
  console.log(`load average at start: ${formatLoadAverage()}`);

  for (const size of SIZES) {
    await withBenchDatabase(async (database) => {
      const client = new pg.Client({ connectionString: database.url });
      try {
        await client.connect();
        const now = new Date();
        const t0 = performance.now();
        await generateAnalyticsData(client, size, now, TIME_ZONE, SPAN_DAYS);
        const sizes = (
          await client.query(
            `SELECT (SELECT count(*) FROM analytics_events) AS events, (SELECT count(*) FROM analytics_daily_visitors) AS visitor_days, pg_size_pretty(pg_total_relation_size('analytics_events')) AS raw_size, pg_size_pretty(pg_total_relation_size('analytics_daily_visitors')) AS visitors_size`,
          )
        ).rows[0];
        console.log(
          `\n== ${size.toLocaleString("en")} events over ${SPAN_DAYS} days (generated in ${fmt(performance.now() - t0)}; raw table ${sizes.raw_size}, ${Number(sizes.visitor_days).toLocaleString("en")} visitor-days = ${sizes.visitors_size}) — today is ${localDay(now, TIME_ZONE)} in ${TIME_ZONE}`,
        );

        const app = await startApp({
          port,
          env: benchAppEnv(database.url, { ANALYTICS_TIME_ZONE: TIME_ZONE }),
        });
        try {
          const cookie = await signInAsStaff(app.baseUrl);
          for (const range of RANGES) {
            let last: Record<string, unknown> = {};
            const api = await timeRuns(RUNS, async () => {
              const response = await fetch(`${app.baseUrl}/api/analytics?range=${range}`, {
                headers: { cookie },
              });
              if (!response.ok)
                throw new Error(`GET /api/analytics?range=${range}: ${response.status}`);
              last = (await response.json()) as Record<string, unknown>;
            });
            console.log(
              `API ${range.padEnd(10)} p50 ${fmt(api.p50)}, p95 ${fmt(api.p95)}, max ${fmt(api.max)} (${RUNS} sequential requests) → totalTraffic ${last.totalTraffic}, uniqueTraffic ${last.uniqueTraffic}, camilaClicks ${last.camilaClicks}, totalOptins ${last.totalOptins}`,
            );
            let raw: Record<string, string>[] = [];
            const sql = await timeRuns(
              SQL_RUNS,
              async () => (raw = await rawAggregate(client, range, now)),
            );
            console.log(
              `SQL ${range.padEnd(10)} on raw events (period + previous) p50 ${fmt(sql.p50)}, max ${fmt(sql.max)} (${SQL_RUNS} runs) → views ${raw[0]!.views}, visitors ${raw[0]!.visitors}, camila ${raw[0]!.camila}`,
            );
            const agrees =
              String(raw[0]!.views) === String(last.totalTraffic) &&
              String(raw[0]!.visitors) === String(last.uniqueTraffic) &&
              String(raw[0]!.camila) === String(last.camilaClicks);
            console.log(`    rollups vs raw: ${agrees ? "identical figures" : "MISMATCH"}`);
          }
        } finally {
          await app.stop();
        }
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  }
  console.log(`\nload average at end: ${formatLoadAverage()}`);
}

runBenchmark(main);

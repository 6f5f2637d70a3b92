// Analytics ingestion throughput: batches of 20 events from 50 concurrent clients for 20 s against the
// production build, then the events in the database, which must equal the events acknowledged by 202s.
// Each request comes from one of 10,000 client addresses (many visitors, as real traffic would), so the
// per-address limit stays on at its default without throttling the run.
// Uses a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (else embedded PGlite).
//   npm run build && npm run bench:analytics-ingest
import pg from "pg";
import { startApp } from "@/scripts/lib/app-process";
import {
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  withBenchDatabase,
} from "./lib/bench-harness";
import { batchBody, benchClientAddress, BENCH_USER_AGENT } from "./lib/analytics-batch";
import { runLoad, type LoadResult } from "./lib/load";
import { runRecorded } from "./lib/run-output";

const BATCH = Number(process.env.BENCH_BATCH || 20);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const port = Number(process.env.BENCH_PORT || 3313);
async function main(): Promise<string> {
  let summary = "";
  requireProductionBuild();
  await withBenchDatabase(async (database) => {
    // The run measures throughput, so the global per-second cap (a flood guard) is lifted.
    const env = benchAppEnv(database.url, { ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "1000000" });
    const app = await startApp({ port, env });
    console.log(`load average at start: ${formatLoadAverage()}`);
    const statuses = new Map<number, number>();
    let acknowledged = 0;
    let result: LoadResult;
    try {
      result = await runLoad({
        url: `${app.baseUrl}/api/analytics/event`,
        method: "POST",
        connections: CONCURRENCY,
        durationSeconds: SECONDS,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          origin: app.baseUrl,
          "user-agent": BENCH_USER_AGENT,
        },
        requestHeaders: () => ({ "x-forwarded-for": benchClientAddress() }),
        body: () => batchBody(app.baseUrl, BATCH),
        isOk: (status) => status === 202,
        onResponse: (status, text) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 202) acknowledged += (JSON.parse(text) as { accepted: number }).accepted;
        },
      });
    } finally {
      await app.stop();
    }
    const seconds = result.durationSeconds;
    const p = (q: "p50" | "p95" | "p99") => result.latencyMs[q].toFixed(1);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const stored = Number(
      (await client.query("SELECT count(*) AS n FROM analytics_events")).rows[0].n,
    );
    const rolledUp = Number(
      (await client.query("SELECT coalesce(sum(events), 0) AS n FROM analytics_daily_counts"))
        .rows[0].n,
    );
    await client.end();
    const serverErrors =
      [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0) +
      result.errors;
    console.log(
      `${result.requests} requests of ${BATCH} events at ${CONCURRENCY} concurrent in ${seconds.toFixed(1)} s: ${(acknowledged / seconds).toFixed(0)} events/s acknowledged (${result.requestsPerSecond.toFixed(1)} req/s), p50 ${p("p50")} ms, p95 ${p("p95")} ms, p99 ${p("p99")} ms`,
    );
    console.log(
      `answers by status: ${JSON.stringify(Object.fromEntries(statuses))}; 5xx or connection errors: ${serverErrors}`,
    );
    console.log(
      `events stored: ${stored}, acknowledged: ${acknowledged}, in the daily rollup: ${rolledUp} — ${stored === acknowledged && rolledUp === stored ? "equal, nothing lost or double-counted" : "MISMATCH"}`,
    );
    console.log(`load average at end: ${formatLoadAverage()}`);
    summary = `analytics-ingest: events/s=${(acknowledged / seconds).toFixed(0)} p95=${p("p95")}ms errors=${serverErrors} lost=${acknowledged - stored}`;
  });
  return summary;
}

runBenchmark(() =>
  runRecorded({ name: "analytics-ingest", command: "npx tsx bench/analytics-ingest.ts" }, main),
);

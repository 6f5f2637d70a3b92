// Analytics ingestion throughput of this build against an earlier commit's build, and of this build
// with a second app instance on the same database, in one run (the machine's speed varies too much from
// one day to the next for figures taken apart to be compared). Load as in bench/analytics-ingest.ts:
// batches of 20 events, 50 concurrent clients, 10,000 client addresses, the global cap lifted. Sides take
// turns round after round; a side's figure is the median of its rounds' events/s acknowledged. At the
// end each database must hold exactly the events acknowledged, in the raw table and in the rollup.
//   SITE_URL=http://127.0.0.1:3511 npm run build
//   BENCH_PORT=3511 TEST_DATABASE_URL=… npx tsx bench/analytics-ingest-compare.ts
// BASE_REF (default 6038d0f, main before partitioned storage) is built once in a cached temp folder.
import { availableParallelism } from "node:os";
import pg from "pg";
import { startApp, type RunningApp } from "@/scripts/lib/app-process";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase, type FreshDatabase } from "@/tests/support/database";
import { batchBody, benchClientAddress, BENCH_USER_AGENT } from "./lib/analytics-batch";
import { prepareBaseBuild, shortCommit, startBaseApp, type StopBaseApp } from "./lib/base-build";
import {
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  usesDatabaseServer,
} from "./lib/bench-harness";
import { formatCpu, measureCpu, totalCpu, type CpuGroup } from "./lib/cpu-usage";
import { runLoad } from "./lib/load";
import { runRecorded } from "./lib/run-output";

const BASE_REF = process.env.BASE_REF || "6038d0f";
const BATCH = Number(process.env.BENCH_BATCH || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PORT = Number(process.env.BENCH_PORT || 3511);
const LIMITS = { ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "1000000" };

interface Side {
  label: string;
  urls: string[];
  database: FreshDatabase;
  /** The side's app process groups, for CPU accounting. */
  processGroups: number[];
  perRound: number[];
  cpuPerRound: Map<CpuGroup, number>[];
}

/** Loads every url of a side at once (connections split evenly); returns events acknowledged per second. */
async function loadSide(side: Side, seconds: number, acknowledged: Map<FreshDatabase, number>) {
  let events = 0;
  let failures = 0;
  const cpu = measureCpu(side.processGroups);
  const results = await Promise.all(
    side.urls.map((url) =>
      runLoad({
        url: `${url}/api/analytics/event`,
        method: "POST",
        connections: Math.round(CONNECTIONS / side.urls.length),
        durationSeconds: seconds,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          origin: url,
          "user-agent": BENCH_USER_AGENT,
        },
        requestHeaders: () => ({ "x-forwarded-for": benchClientAddress() }),
        body: () => batchBody(url, BATCH),
        isOk: (status) => status === 202,
        onResponse: (status, text) => {
          if (status === 202) events += (JSON.parse(text) as { accepted: number }).accepted;
          else failures++;
        },
      }),
    ),
  );
  const cpuUsed = cpu.stop();
  acknowledged.set(side.database, (acknowledged.get(side.database) ?? 0) + events);
  const seconds_ = Math.max(...results.map((result) => result.durationSeconds));
  const p95 = Math.max(...results.map((result) => result.latencyMs.p95));
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  return { perSecond: events / seconds_, p95, failures: failures + errors, cpuUsed };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<string> {
  requireProductionBuild();
  if (!usesDatabaseServer())
    throw new Error("set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server");
  const siteUrl = readBuildSiteUrl() || `http://127.0.0.1:${PORT}`;
  const baseDir = prepareBaseBuild(BASE_REF, siteUrl);
  const baseDb = await createFreshDatabase();
  const currentDb = await createFreshDatabase();
  const apps: RunningApp[] = [];
  let stopBase: StopBaseApp | undefined;
  try {
    await applyMigrations(currentDb.url, { log: () => {} });
    for (const port of [PORT, PORT + 2])
      apps.push(
        await startApp({
          port,
          env: { ...benchAppEnv(currentDb.url, LIMITS), SITE_URL: siteUrl },
        }),
      );
    stopBase = await startBaseApp(baseDir, baseDb, PORT + 1, { ...LIMITS, SITE_URL: siteUrl });
    const sides: Side[] = [
      {
        label: `earlier build (${shortCommit(BASE_REF)}), 1 instance`,
        urls: [`http://127.0.0.1:${PORT + 1}`],
        database: baseDb,
        processGroups: [stopBase.processGroup],
        perRound: [],
        cpuPerRound: [],
      },
      {
        label: "this build, 1 instance",
        urls: [apps[0]!.baseUrl],
        database: currentDb,
        processGroups: [apps[0]!.process.pid!],
        perRound: [],
        cpuPerRound: [],
      },
      {
        label: "this build, 2 instances, 1 database",
        urls: apps.map((app) => app.baseUrl),
        database: currentDb,
        processGroups: apps.map((app) => app.process.pid!),
        perRound: [],
        cpuPerRound: [],
      },
    ];
    console.log(`load average at start: ${formatLoadAverage()}`);
    console.log(
      `${ROUNDS} rounds × ${SECONDS} s per side, batches of ${BATCH} events, ${CONNECTIONS} connections in all, sides taking turns\n`,
    );
    const acknowledged = new Map<FreshDatabase, number>();
    for (const side of sides) await loadSide(side, 3, acknowledged); // warm-up, counted as stored too
    for (let round = 0; round < ROUNDS; round++) {
      for (let turn = 0; turn < sides.length; turn++) {
        const side = sides[(round + turn) % sides.length]!;
        const result = await loadSide(side, SECONDS, acknowledged);
        side.perRound.push(result.perSecond);
        side.cpuPerRound.push(result.cpuUsed);
        console.log(
          `round ${round + 1}  ${side.label.padEnd(44)} ${result.perSecond.toFixed(0).padStart(6)} events/s acknowledged, p95 ${result.p95.toFixed(0)} ms, ${result.failures} non-202 or errors, load ${formatLoadAverage()}`,
        );
        console.log(`         CPU: ${formatCpu(result.cpuUsed)}`);
      }
    }
    const [base, current, double] = sides.map((side) => median(side.perRound)) as [
      number,
      number,
      number,
    ];
    console.log(`\nmedian events/s acknowledged:`);
    for (const side of sides)
      console.log(`  ${side.label.padEnd(44)} ${median(side.perRound).toFixed(0)}`);
    console.log(
      `this build / earlier build: ×${(current / base).toFixed(2)} (target ≥ 1.5) — ${current / base >= 1.5 ? "met" : "NOT met"}`,
    );
    console.log(
      `second instance adds ${(((double - current) / current) * 100).toFixed(0)}% (target ≥ 60%) — ${double / current >= 1.6 ? "met" : "NOT met"}`,
    );
    // Where one instance's CPU went bounds what more instances could add on this machine: they can
    // only use the cores the first one (with PostgreSQL and the load generator) leaves idle.
    const single = sides[1]!.cpuPerRound;
    const medianOf = (group: CpuGroup) => median(single.map((used) => used.get(group)!));
    const singleTotal = median(single.map(totalCpu));
    const capacity = availableParallelism() * 100;
    console.log(
      `CPU of this build, 1 instance (median of rounds): app ${medianOf("app").toFixed(0)}%, postgres ${medianOf("postgres").toFixed(0)}%, load generator ${medianOf("load generator").toFixed(0)}%, other ${medianOf("other").toFixed(0)}%; ${singleTotal.toFixed(0)}% of ${capacity}% in all, so further instances can add at most ${Math.max(0, (capacity / singleTotal - 1) * 100).toFixed(0)}% on this machine`,
    );
    // Near the ceiling Next.js request handling puts on one instance: an answer with one trivial query.
    const health = await runLoad({
      url: `${apps[0]!.baseUrl}/api/health`,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
    });
    console.log(
      `GET /api/health on this build, 1 instance: ${health.requestsPerSecond.toFixed(0)} req/s (p95 ${health.latencyMs.p95.toFixed(0)} ms), i.e. at most ${(health.requestsPerSecond * BATCH).toFixed(0)} events/s in batches of ${BATCH} if ingestion cost no more than that`,
    );
    for (const database of [baseDb, currentDb]) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ stored: string; rolled: string }>(
        `SELECT (SELECT count(*) FROM analytics_events) AS stored,
                (SELECT coalesce(sum(events), 0) FROM analytics_daily_counts) AS rolled`,
      );
      await client.end();
      const sent = acknowledged.get(database) ?? 0;
      const stored = Number(rows[0]!.stored);
      const rolled = Number(rows[0]!.rolled);
      console.log(
        `${database === baseDb ? "earlier build's database" : "this build's database  "}: stored ${stored}, acknowledged ${sent}, in the rollup ${rolled} — ${stored === sent && rolled === sent ? "equal" : "MISMATCH"}`,
      );
    }
    console.log(`load average at end: ${formatLoadAverage()}`);
    return `analytics-ingest-compare: this/earlier=${(current / base).toFixed(2)} second instance=${(double / current).toFixed(2)}`;
  } finally {
    for (const app of apps) await app.stop();
    await stopBase?.();
    await currentDb.dispose();
    await baseDb.dispose();
  }
}

runBenchmark(() =>
  runRecorded(
    { name: "analytics-ingest-compare", command: "npx tsx bench/analytics-ingest-compare.ts" },
    main,
  ),
);

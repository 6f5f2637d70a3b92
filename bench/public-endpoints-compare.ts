// The public endpoints' latency under load, this build beside an earlier commit's build, in one run: the
// front door (one parser, text checks, atomic limits, client context) must not make any of them slower
// by more than 10% at p95. The machine is shared and noisy, so the two apps run side by side and take
// turns: each round loads one endpoint on the earlier build, then on this one; the figure per side is
// the median of the rounds' p95s, and the ratio of those is what to read.
//   npm run build && npx tsx bench/public-endpoints-compare.ts
// BASE_REF (default: 1b0f3f7, the last commit before the front-door work) is exported with `git archive`
// into a cache folder under the system's temp dir, installed and built there once, then reused.
import { randomUUID } from "node:crypto";
import { startApp, type RunningApp } from "@/scripts/lib/app-process";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { createFreshDatabase } from "@/tests/support/database";
import { applyMigrations } from "@/scripts/db/migrations";
import {
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  usesDatabaseServer,
} from "./lib/bench-harness";
import { prepareBaseBuild, startBaseApp } from "./lib/base-build";
import { questionnaireSubmission } from "./lib/lead-body";
import { runLoad, type LoadOptions } from "./lib/load";
import { runRecorded } from "./lib/run-output";

const BASE_REF = process.env.BASE_REF || "1b0f3f7";
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const CURRENT_PORT = Number(process.env.BENCH_PORT || 3316);
const BASE_PORT = CURRENT_PORT + 1;
const HIGH_LIMITS = {
  LEADS_RATE_LIMIT_PER_ADDRESS: "1000000",
  LEADS_RATE_LIMIT_GLOBAL: "1000000",
  ANALYTICS_RATE_LIMIT_PER_ADDRESS: "1000000",
  // The global ingest cap (issue 15) would answer 429 under this load; the earlier build has none.
  ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "1000000",
};

let counter = 0;
const address = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`;

const leadBody = () => questionnaireSubmission(counter++);

const eventsBody = (origin: string) => () => {
  const visitor = Math.floor(Math.random() * 50_000);
  return JSON.stringify({
    events: Array.from({ length: 10 }, (_, i) => ({
      event_id: `cmp_${randomUUID()}`,
      event_type: "page_view",
      user_id: `user_cmp${visitor}`,
      session_id: `session_cmp${visitor}`,
      page_url: `${origin}/page-${i}`,
      user_agent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
      referrer: "https://www.google.com/",
      timestamp: new Date().toISOString(),
      metadata: { page_title: "Page", path: `/page-${i}` },
    })),
  });
};

interface Endpoint {
  name: string;
  options: (baseUrl: string) => Omit<LoadOptions, "connections" | "durationSeconds">;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "POST /api/leads",
    options: (baseUrl) => ({
      url: `${baseUrl}/api/leads`,
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      requestHeaders: () => ({ "x-forwarded-for": address() }),
      body: leadBody,
    }),
  },
  {
    name: "POST /api/analytics/event (10)",
    options: (baseUrl) => ({
      url: `${baseUrl}/api/analytics/event`,
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      requestHeaders: () => ({ "x-forwarded-for": address() }),
      body: eventsBody(baseUrl),
    }),
  },
  {
    name: "GET /api/booking/ics",
    options: (baseUrl) => ({
      url: `${baseUrl}/api/booking/ics?date=2026-12-03&time=10:30&service=Discovery%20call&id=AV-1234&lang=en`,
    }),
  },
  { name: "GET /api/health", options: (baseUrl) => ({ url: `${baseUrl}/api/health` }) },
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<string> {
  const ratios: string[] = [];
  requireProductionBuild();
  if (!usesDatabaseServer())
    console.log(
      "note: embedded PGlite serves one connection at a time; set TEST_DATABASE_URL for figures that mean something",
    );
  const siteUrl = readBuildSiteUrl() || `http://127.0.0.1:${CURRENT_PORT}`;
  const baseDir = prepareBaseBuild(BASE_REF, siteUrl);

  const currentDb = await createFreshDatabase();
  const baseDb = await createFreshDatabase();
  let current: RunningApp | undefined;
  let stopBase: (() => Promise<void>) | undefined;
  try {
    await applyMigrations(currentDb.url, { log: () => {} });
    current = await startApp({
      port: CURRENT_PORT,
      env: { ...benchAppEnv(currentDb.url, HIGH_LIMITS), SITE_URL: siteUrl },
    });
    stopBase = await startBaseApp(baseDir, baseDb, BASE_PORT, {
      ...HIGH_LIMITS,
      SITE_URL: siteUrl,
    });
    const sides = [
      { label: `earlier (${BASE_REF})`, baseUrl: `http://127.0.0.1:${BASE_PORT}` },
      { label: "this build", baseUrl: current.baseUrl },
    ];
    console.log(`load average at start: ${formatLoadAverage()}`);
    console.log(
      `${ROUNDS} rounds × ${SECONDS} s per endpoint and side, ${CONNECTIONS} connections, sides alternating\n`,
    );
    const rows: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const p95s = sides.map(() => [] as number[]);
      const p50s = sides.map(() => [] as number[]);
      // Warm each side up first, so the first round does not measure compilation and cold caches.
      for (const side of sides)
        await runLoad({ ...endpoint.options(side.baseUrl), connections: 4, durationSeconds: 2 });
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? [1, 0] : [0, 1];
        for (const i of order) {
          const result = await runLoad({
            ...endpoint.options(sides[i]!.baseUrl),
            connections: CONNECTIONS,
            durationSeconds: SECONDS,
          });
          if (result.errors || result.nonOk)
            throw new Error(
              `${endpoint.name} on ${sides[i]!.label}: ${result.errors} errors, ${result.nonOk} non-2xx answers`,
            );
          p95s[i]!.push(result.latencyMs.p95);
          p50s[i]!.push(result.latencyMs.p50);
        }
      }
      const [baseP95, currentP95] = p95s.map(median) as [number, number];
      const [baseP50, currentP50] = p50s.map(median) as [number, number];
      const ratio = currentP95 / baseP95;
      ratios.push(`${endpoint.name.replace(/\s+/g, "_")}=${ratio.toFixed(2)}`);
      rows.push(
        `${endpoint.name.padEnd(32)} p50 ${baseP50.toFixed(1).padStart(6)} → ${currentP50.toFixed(1).padStart(6)} ms   p95 ${baseP95.toFixed(1).padStart(6)} → ${currentP95.toFixed(1).padStart(6)} ms   ×${ratio.toFixed(2)} ${ratio <= 1.1 ? "within 10%" : "SLOWER than +10%"}`,
      );
      console.log(rows.at(-1));
    }
    console.log(`\nload average at end: ${formatLoadAverage()}`);
    return `public-endpoints-compare: p95 this/earlier ${ratios.join(" ")}`;
  } finally {
    await current?.stop();
    await stopBase?.();
    await currentDb.dispose();
    await baseDb.dispose();
  }
}

runBenchmark(() =>
  runRecorded(
    { name: "public-endpoints-compare", command: "npx tsx bench/public-endpoints-compare.ts" },
    main,
  ),
);

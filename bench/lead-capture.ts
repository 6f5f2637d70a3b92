// Lead capture under load: 2,000 distinct questionnaire submissions at 50 concurrent against the
// production build, then the number of leads in the database, which must equal the number of 201s.
// Uses a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (else embedded PGlite).
//   npm run build && npx tsx bench/lead-capture.ts
import http from "node:http";
import pg from "pg";
import { startApp } from "@/scripts/lib/app-process";
import {
  benchAppEnv,
  requireProductionBuild,
  runBenchmark,
  withBenchDatabase,
} from "./lib/bench-harness";
import { questionnaireSubmission } from "./lib/lead-body";
import { runRecorded } from "./lib/run-output";

const TOTAL = Number(process.env.BENCH_SUBMISSIONS || 2000);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS || 50);
const port = Number(process.env.BENCH_PORT || 3311);

async function main(): Promise<string> {
  let summary = "";
  requireProductionBuild();
  await withBenchDatabase(async (database) => {
    const env = benchAppEnv(database.url, {
      LEADS_RATE_LIMIT_PER_ADDRESS: String(TOTAL * 2),
      LEADS_RATE_LIMIT_GLOBAL: String(TOTAL * 2),
    });
    const app = await startApp({ port, env });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    try {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < TOTAL) {
            const payload = questionnaireSubmission(next++);
            const t0 = performance.now();
            const status = await new Promise<number>((resolve) => {
              const req = http.request(
                `${app.baseUrl}/api/leads`,
                {
                  method: "POST",
                  agent,
                  headers: {
                    "content-type": "application/json",
                    "content-length": Buffer.byteLength(payload),
                  },
                },
                (res) => {
                  res.resume();
                  res.on("end", () => resolve(res.statusCode ?? 0));
                },
              );
              req.on("error", () => resolve(0));
              req.end(payload);
            });
            latencies.push(performance.now() - t0);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    } finally {
      agent.destroy();
      await app.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(1);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const leads = Number((await client.query("SELECT count(*)::int AS n FROM leads")).rows[0].n);
    const submissions = Number(
      (await client.query("SELECT count(*)::int AS n FROM lead_submissions")).rows[0].n,
    );
    await client.end();
    const created = statuses.get(201) ?? 0;
    console.log(
      `${TOTAL} submissions at ${CONCURRENCY} concurrent in ${seconds.toFixed(1)} s: ${(TOTAL / seconds).toFixed(1)} req/s, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`,
    );
    console.log(`answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(
      `leads in the database: ${leads}, submissions: ${submissions}, 201 answers: ${created} — ${leads === created && submissions === created ? "equal, nothing lost" : "MISMATCH"}`,
    );
    summary = `lead-capture: req/s=${(TOTAL / seconds).toFixed(1)} p95=${p(0.95)}ms created=${created} lost=${created - leads}`;
  });
  return summary;
}

runBenchmark(() =>
  runRecorded({ name: "lead-capture", command: "npx tsx bench/lead-capture.ts" }, main),
);

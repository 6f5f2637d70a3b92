// Home page speed against the production build: cold start of `npm start` and requests/s with
// p95 latency for `/` and `/en`. Needs `npm run build` first. Prints figures; asserts nothing.
//   npm run bench                       (embedded PostgreSQL, 20 connections, 15 s per page)
//   BENCH_CONNECTIONS=50 BENCH_SECONDS=30 npm run bench
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp } from "@/scripts/lib/app-process";
import { benchAppEnv } from "./lib/app-env";
import { formatLoad, runLoad } from "./lib/load";
import { runRecorded } from "./lib/run-output";

const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const durationSeconds = Number(process.env.BENCH_SECONDS || 15);
const port = Number(process.env.BENCH_PORT || 3300);

async function main(): Promise<string> {
  const figures: string[] = [];
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("no production build: run `npm run build` first");
  const workDir = mkdtempSync(path.join(tmpdir(), "avanza-bench-"));
  const env = benchAppEnv(workDir);

  const app = await startApp({ port, env });
  try {
    console.log(
      `cold start of npm start (${env.DATABASE_URL ? "external PostgreSQL" : "embedded PostgreSQL, new database: migrate + seed"}): ${Math.round(app.coldStartMs)} ms`,
    );
    for (const page of ["/", "/en"]) {
      await runLoad({ url: `${app.baseUrl}${page}`, connections: 4, durationSeconds: 2 }); // warm-up
      const result = await runLoad({ url: `${app.baseUrl}${page}`, connections, durationSeconds });
      console.log(formatLoad(`GET ${page} at ${connections} connections`, result));
      figures.push(
        `${page} req/s=${result.requestsPerSecond.toFixed(0)} p95=${result.latencyMs.p95.toFixed(1)}ms`,
      );
    }
  } finally {
    await app.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  return `home-load: ${figures.join("; ")}`;
}

runRecorded({ name: "home-load", command: "npm run bench" }, main).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

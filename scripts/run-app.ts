// `npm run dev` / `npm start` / `npm run demo`: resolves the database (embedded PostgreSQL when
// DATABASE_URL is unset), checks the environment, then runs Next.js and shuts both down together.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import nextEnv from "@next/env";
import { listMissingProductionSecrets, parseServerEnv } from "@/lib/env.schema";
import { createPrismaClient, EMBEDDED_DATABASE_ENV } from "@/lib/prisma-client";
import { readSiteConfig } from "@/lib/site";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres";
import { applyMigrations } from "./db/migrations";
import { seedDemoData } from "./db/seed-data";
import {
  bootstrapOwner,
  countStaffAccounts,
  NO_ACCOUNT_HELP,
  seedDemoStaff,
} from "./db/staff-accounts";
import { missingSiteUrlProblem, readBuildSiteUrl, siteUrlMismatchProblem } from "./lib/site-origin";

type Mode = "dev" | "start";

const DEMO_SECRETS = {
  SESSION_SECRET: "demo-only-session-secret-0123456789abcdefghij",
} as const;

const log = (line: string) => console.log(`[avanza] ${line}`);

function fail(message: string): never {
  console.error(`\n[avanza] Cannot start: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv: string[]): { mode: Mode; isDemo: boolean; nextArgs: string[] } {
  const [mode, ...rest] = argv;
  if (mode !== "dev" && mode !== "start")
    fail("usage: run-app.ts dev|start [--demo] [next options]");
  return {
    mode,
    isDemo: rest.includes("--demo"),
    nextArgs: rest.filter((arg) => arg !== "--demo"),
  };
}

function checkEnvironment(mode: Mode, isDemo: boolean) {
  if (mode === "start" && isDemo) {
    for (const [key, value] of Object.entries(DEMO_SECRETS)) process.env[key] ||= value;
    log(
      "DEMO MODE: demo staff accounts with public passwords (README) and a public session secret. Never expose this server.",
    );
  }
  if (mode === "start" && isDemo) process.env.SITE_URL ||= readBuildSiteUrl() || "";
  if (mode === "start") {
    const siteUrlProblem = missingSiteUrlProblem(process.env);
    const missing = [
      ...listMissingProductionSecrets(process.env),
      ...(siteUrlProblem ? [siteUrlProblem] : []),
    ];
    if (missing.length > 0) {
      fail(
        `the production server needs these settings (see .env.example, or use \`npm run demo\`):\n${missing.map((m) => `  - ${m}`).join("\n")}`,
      );
    }
  }
  try {
    const { siteUrl } = readSiteConfig(process.env);
    // The database URL is resolved below; a placeholder lets every other variable be checked now.
    parseServerEnv({
      ...process.env,
      NODE_ENV: mode === "start" ? "production" : "development",
      DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://placeholder",
    });
    const mismatch = mode === "start" ? siteUrlMismatchProblem(siteUrl, readBuildSiteUrl()) : null;
    if (mismatch) fail(mismatch);
  } catch (error) {
    fail((error as Error).message);
  }
}

/** Refuses a second app on the same embedded data folder: two PGlite writers would corrupt it. */
function claimDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.pid`);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8"));
    if (pid && isAlive(pid))
      fail(
        `the embedded database in ${dataDir} is in use by process ${pid}. Stop it first, or set EMBEDDED_PG_DIR.`,
      );
  }
  mkdirSync(path.dirname(lockFile), { recursive: true });
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startEmbedded(): Promise<{ embedded: EmbeddedPostgres; release: () => void }> {
  const dataDir = path.resolve(process.env.EMBEDDED_PG_DIR || ".data/pglite");
  const release = claimDataDir(dataDir);
  log(
    `DATABASE_URL is not set: starting the embedded PostgreSQL (PGlite) with data in ${dataDir.startsWith(process.cwd()) ? path.relative(process.cwd(), dataDir) : dataDir}`,
  );
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: Number(process.env.EMBEDDED_PG_PORT || 0),
  });

  const { applied, wasEmpty } = await applyMigrations(embedded.url, { log });
  if (applied.length === 0) log("database schema is up to date");
  if (wasEmpty) {
    const prisma = createPrismaClient(embedded.url);
    try {
      const { created } = await seedDemoData(prisma);
      log(`new database: loaded ${created} demo leads with their activities and tasks`);
    } finally {
      await prisma.$disconnect();
    }
  }
  return { embedded, release };
}

/**
 * Names the first owner from STAFF_OWNER_* (never overwriting), adds the demo team in development and demo
 * mode, and refuses a production start that nobody could sign in to.
 */
async function prepareStaffAccounts(mode: Mode, isDemo: boolean) {
  const prisma = createPrismaClient(process.env.DATABASE_URL!);
  try {
    await bootstrapOwner(prisma, process.env, log);
    if (mode === "dev" || isDemo) {
      const created = await seedDemoStaff(prisma);
      if (created > 0)
        log(`added ${created} demo staff accounts (their demo passwords are in README.md)`);
    }
    if (mode === "start" && (await countStaffAccounts(prisma)) === 0) return NO_ACCOUNT_HELP;
    return null;
  } finally {
    await prisma.$disconnect();
  }
}

async function main() {
  const { mode, isDemo, nextArgs } = parseArgs(process.argv.slice(2));
  nextEnv.loadEnvConfig(process.cwd(), mode === "dev");
  checkEnvironment(mode, isDemo);

  let embedded: EmbeddedPostgres | undefined;
  let releaseDataDir = () => {};
  if (!process.env.DATABASE_URL) {
    ({ embedded, release: releaseDataDir } = await startEmbedded());
    process.env.DATABASE_URL = embedded.url;
    // PGlite runs one statement at a time and its socket server interleaves connections message by
    // message; a single pooled connection keeps each query's messages together. All connections share one
    // session there, so a statement prepared by name on one would collide with the same name on another.
    Object.assign(process.env, EMBEDDED_DATABASE_ENV);
  } else {
    log(
      "using the PostgreSQL server in DATABASE_URL (run `npm run db:migrate` after pulling new migrations)",
    );
  }

  const accountProblem = await prepareStaffAccounts(mode, isDemo);
  if (accountProblem) {
    await embedded?.stop();
    releaseDataDir();
    fail(accountProblem);
  }

  // Production runs behind our own small server (scripts/front-door-server.ts): it gives the app the
  // socket's address, which `next start` cannot, so limits key on who really connected.
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const command =
    mode === "start"
      ? ["--import", "tsx", path.join(import.meta.dirname, "front-door-server.ts"), ...nextArgs]
      : [nextBin, mode, ...nextArgs];
  const child = spawn(process.execPath, command, {
    stdio: "inherit",
    env: mode === "start" ? { ...process.env, NODE_ENV: "production" } : process.env,
  });

  let isShuttingDown = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    // The terminal sends Ctrl-C to the whole process group; forwarding covers `kill <pid>` too.
    if (child.exitCode === null) child.kill(signal);
  };
  process.on("SIGINT", () => shutDown("SIGINT"));
  process.on("SIGTERM", () => shutDown("SIGTERM"));

  const code = await new Promise<number>((resolve) =>
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 0 : 1))),
  );
  if (embedded) {
    await embedded.stop();
    releaseDataDir();
    log("embedded PostgreSQL stopped");
  }
  process.exit(code);
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);

import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { EMBEDDED_DATABASE_ENV } from "@/lib/prisma-client";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase, type FreshDatabase } from "@/tests/support/database";

/** Staff owner the benchmarks start the app with (labelled so it is never mistaken for a real one). */
export const BENCH_STAFF_EMAIL = "bench-owner@example.com";
export const BENCH_STAFF_PASSWORD = "bench-staff-password";

/** Stops early with a clear message when there is no production build to measure. */
export function requireProductionBuild(): void {
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("no production build: run `npm run build` first");
}

/** Whether the run uses a PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL) rather than embedded PGlite. */
export function usesDatabaseServer(): boolean {
  // Assigned only when there is one: process.env turns undefined into the string "undefined", which pg
  // would read as a host named "base" and every bench would fail without a server.
  if (!process.env.TEST_DATABASE_URL && process.env.BENCH_DATABASE_URL)
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  return Boolean(process.env.TEST_DATABASE_URL);
}

/** A fresh, migrated database on the bench server (or embedded), disposed of after `run`. */
export async function withBenchDatabase<T>(
  run: (database: FreshDatabase) => Promise<T>,
): Promise<T> {
  usesDatabaseServer();
  const database = await createFreshDatabase();
  try {
    await applyMigrations(database.url, { log: () => {} });
    return await run(database);
  } finally {
    await database.dispose();
  }
}

/** Environment for a production app process on `databaseUrl`, with labelled bench secrets. */
export function benchAppEnv(
  databaseUrl: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    STAFF_OWNER_EMAIL: BENCH_STAFF_EMAIL,
    STAFF_OWNER_PASSWORD: BENCH_STAFF_PASSWORD,
    SESSION_SECRET: "bench-session-secret-0123456789abcdefghij",
    // The load generator stands in for one proxy: its X-Forwarded-For entry is the client address,
    // so runs can spread over many addresses as real traffic would.
    TRUSTED_PROXY_HOPS: "1",
    ...extra,
  };
  // PGlite serves one connection at a time, and its connections share one session.
  if (!usesDatabaseServer()) Object.assign(env, EMBEDDED_DATABASE_ENV);
  return env;
}

/** Signs the bench owner in to a running app and returns the session cookie to send with each request. */
export async function signInAsStaff(baseUrl: string): Promise<string> {
  const unlock = await fetch(`${baseUrl}/api/crm/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: BENCH_STAFF_EMAIL, password: BENCH_STAFF_PASSWORD }),
  });
  const cookie = unlock.headers.get("set-cookie")?.split(";")[0];
  if (!unlock.ok || !cookie) throw new Error(`unlock failed: ${unlock.status}`);
  return cookie;
}

/** The machine's load, printed beside figures so a reader can judge how busy it was. */
export function formatLoadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

/** Runs a benchmark's main function and exits non-zero with the error when it fails. */
export function runBenchmark(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

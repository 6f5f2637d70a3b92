// A real PostgreSQL server of this file's own, restarted, shut down and dropped under the app: every
// moment it cannot serve answers 503 with Retry-After, never a 500, and the app recovers by itself.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as submit } from "@/app/api/leads/route";
import { callRoute, type CallResult } from "../../support/http";
import { startPrivatePostgres, type PrivatePostgres } from "../../support/private-postgres";
import { uniqueAddress } from "../../support/staff";

let server: PrivatePostgres;
let adminUrl: string;

beforeAll(async () => {
  server = await startPrivatePostgres();
  adminUrl = server.url;
  await admin("CREATE DATABASE app");
  // lib/db.ts opens its pool on first use: from here on the app talks to this server only.
  process.env.DATABASE_URL = adminUrl.replace(/\/postgres$/, "/app");
  process.env.DATABASE_POOL_TIMEOUT_MS = "2000";
}, 60_000);

afterAll(async () => {
  await server?.dispose();
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const terminateAppSessions = () =>
  admin(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'app' AND pid <> pg_backend_pid()",
  );

async function expectUnavailable(result: CallResult<{ error: { code: string } }>) {
  expect(result.status).toBe(503);
  expect(result.json.error.code).toBe("unavailable");
  expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(result.text).not.toMatch(/stack|at \w+ \(/);
}

const checkHealth = () => callRoute(health, { path: "/api/health" });
const submitLead = () =>
  callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body: { source: "home_form", lang: "en", name: "A", email: "a@example.com", message: "x" },
    headers: { "x-forwarded-for": uniqueAddress() },
  });

describe("the database under the app", () => {
  it("serves, and keeps serving after its sessions are terminated (pg_terminate_backend)", async () => {
    expect((await checkHealth()).status).toBe(200);
    await terminateAppSessions();
    expect((await checkHealth()).status).toBe(200);
  });

  it("dropped: 503 with Retry-After; created again: served again", async () => {
    await admin("DROP DATABASE app WITH (FORCE)");
    await expectUnavailable(await checkHealth());
    await admin("CREATE DATABASE app");
    expect((await checkHealth()).status).toBe(200);
  });

  it("shutting down (57P03), then stopped (connection refused): 503 both times; started: served", async () => {
    // A session elsewhere keeps a smart shutdown waiting: meanwhile new connections are refused with
    // "the database system is shutting down", as during a restart.
    const lingering = new pg.Client({ connectionString: adminUrl });
    await lingering.connect();
    await terminateAppSessions();
    server.stop("smart", { isWaiting: false });
    try {
      await expectUnavailable(await checkHealth());
      await expectUnavailable(await submitLead());
    } finally {
      await lingering.end();
    }
    // With the last session gone the server finishes stopping: nothing listens any more.
    for (let i = 0; i < 50; i++) {
      const refused = await new pg.Client({ connectionString: adminUrl }).connect().then(
        () => false,
        (error: { code?: string }) => error.code === "ECONNREFUSED",
      );
      if (refused) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expectUnavailable(await checkHealth());
    await expectUnavailable(await submitLead());
    server.start();
    expect((await checkHealth()).status).toBe(200);
  }, 30_000);
});

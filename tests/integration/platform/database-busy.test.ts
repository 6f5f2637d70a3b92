// A burst that holds every pooled connection: requests that cannot get one answer 503 with
// Retry-After within the pool timeout (never a 500, never a hang), and write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { GET as health } from "@/app/api/health/route";
import { POST as submit } from "@/app/api/leads/route";
import { db } from "@/lib/db";
import { toErrorResponse } from "@/lib/http/respond";
import { testDb } from "../../support/factories";
import { callRoute, type CallResult } from "../../support/http";
import { staffCookie, uniqueAddress } from "../../support/staff";

let cookie: string;

beforeAll(async () => {
  // A tiny pool, set before lib/db.ts opens it: one long transaction is a full pool.
  process.env.DATABASE_POOL_MAX = "1";
  process.env.DATABASE_POOL_TIMEOUT_MS = "1500";
  cookie = await staffCookie();
});

/** Holds the app's only pooled connection in an open transaction until the returned release is called. */
async function holdThePool(): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const isHolding = new Promise<void>((resolve) => (started = resolve));
  const transaction = db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      started();
      await released;
    },
    { timeout: 30_000 },
  );
  await isHolding;
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

describe("with every pooled connection held by long transactions", () => {
  it("a transaction that cannot start in time is Prisma's P2028, mapped to 503 with Retry-After", async () => {
    const pool = await holdThePool();
    try {
      const error = await db
        .$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 200 })
        .then(
          () => null,
          (thrown: unknown) => thrown,
        );
      expect((error as { code?: string }).code).toBe("P2028");
      const response = toErrorResponse(error, "test");
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await pool.release();
    }
  });

  it("staff reads, public writes and the health check answer 503 with Retry-After, and no lead is written", async () => {
    const before = await testDb().lead.count();
    const pool = await holdThePool();
    let results: CallResult<{ error: { code: string } }>[];
    const startedAt = Date.now();
    try {
      results = await Promise.all([
        callRoute(listLeads, { path: "/api/crm/leads", cookie }),
        callRoute(submit, {
          method: "POST",
          path: "/api/leads",
          body: {
            source: "home_form",
            lang: "en",
            name: "Burst",
            email: "burst@example.com",
            message: "x",
          },
          headers: { "x-forwarded-for": uniqueAddress() },
        }),
        callRoute(health, { path: "/api/health" }),
      ]);
    } finally {
      await pool.release();
    }
    // Answered within the pool timeout, not queued until the transactions end.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    for (const result of results) {
      expect(result.status).toBe(503);
      expect(result.json.error.code).toBe("unavailable");
      expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(await testDb().lead.count()).toBe(before);
    // The pool free again, the same calls are served.
    expect((await callRoute(health, { path: "/api/health" })).status).toBe(200);
  });
});

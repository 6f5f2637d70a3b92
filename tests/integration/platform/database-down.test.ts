// With PostgreSQL unreachable every endpoint answers 503 with Retry-After, never a 500 or "wrong password".
import { beforeAll, describe, expect, it } from "vitest";
import { POST as unlock } from "@/app/api/crm/auth/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { GET as health } from "@/app/api/health/route";
import { POST as submit } from "@/app/api/leads/route";
import { callRoute } from "../../support/http";
import { TEST_STAFF_PASSWORD, uniqueAddress } from "../../support/staff";

beforeAll(() => {
  // Nothing listens on the discard port: every connection is refused, as when the server is down.
  process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:9/postgres";
});

describe("when the database is unreachable", () => {
  it("the lock screen's unlock answers 503 with Retry-After and says so, not 'Incorrect password'", async () => {
    const result = await callRoute(unlock, {
      method: "POST",
      path: "/api/crm/auth",
      body: { email: "someone@staff.test", password: TEST_STAFF_PASSWORD },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(result.status).toBe(503);
    expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(result.json.error.code).toBe("unavailable");
    expect(result.json.detail).not.toMatch(/password/i);
  });

  it("staff reads, public writes and the health check answer 503 too", async () => {
    const results = [
      await callRoute(listLeads, { path: "/api/crm/leads", cookie: "avanza_staff=abc" }),
      await callRoute(submit, {
        method: "POST",
        path: "/api/leads",
        body: { source: "home_form", lang: "en", name: "A", email: "a@example.com", message: "x" },
        headers: { "x-forwarded-for": uniqueAddress() },
      }),
      await callRoute(health, { path: "/api/health" }),
    ];
    for (const result of results) {
      expect(result.status).toBe(503);
      expect(result.json.error.code).toBe("unavailable");
      expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});

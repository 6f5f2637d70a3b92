// The global cap on sign-in attempts per minute answers 429 with Retry-After, not a slower 401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/crm/auth/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { countAppQueries } from "../../support/query-count";
import { makeStaffAccount, uniqueAddress } from "../../support/staff";

beforeAll(async () => {
  // The default cap (set before the app first reads its environment in this file).
  process.env.STAFF_SIGN_IN_PER_MINUTE = "60";
  await testDb().rateLimitCounter.deleteMany({ where: { bucket: "staff_sign_in" } });
});
afterAll(async () => {
  await testDb().rateLimitCounter.deleteMany({ where: { bucket: "staff_sign_in" } });
});

const attempt = (body: Record<string, unknown>) =>
  callRoute(signIn, {
    method: "POST",
    path: "/api/crm/auth",
    body,
    headers: { "x-forwarded-for": uniqueAddress() },
  });

describe("the global sign-in cap", () => {
  it("answers 429 with Retry-After once the global per-minute cap is reached", async () => {
    const results = [];
    for (let i = 0; i < 61; i++)
      results.push(await attempt({ email: `nobody-${i}@staff.test`, password: "whatever-it-is" }));
    expect(results.slice(0, 60).every((result) => result.status === 401)).toBe(true);
    const capped = results[60]!;
    expect(capped.status).toBe(429);
    const retryAfter = Number(capped.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // While it is spent, a flood is refused by one read, and counts against no address or account.
    const account = await makeStaffAccount();
    const addressHits = () =>
      testDb()
        .rateLimitCounter.aggregate({
          where: { bucket: "staff_sign_in_address" },
          _sum: { count: true },
        })
        .then((sum) => sum._sum.count ?? 0);
    const hitsBefore = await addressHits();
    const queries = countAppQueries();
    const refused = await callRoute(signIn, {
      method: "POST",
      path: "/api/crm/auth",
      body: { email: account.email, password: "not-the-password" },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(queries.stop()).toBe(1);
    expect(refused.status).toBe(429);
    const row = await testDb().staffAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(row.failedSignIns).toBe(0);
    expect(await addressHits()).toBe(hitsBefore);
  });
});

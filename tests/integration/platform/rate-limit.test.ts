// The one limiter under a flood: a refusal is decided and explained (when to come back) in the same
// single statement as a take, so a refused request costs one database round trip; a parallel burst
// never slips past the limit.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { peekLimit, takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { testDb } from "../../support/factories";
import { countAppQueries } from "../../support/query-count";

const ruleOf = (max: number, windowMs = 60_000) => ({
  bucket: "test_flood",
  key: randomUUID(),
  max,
  windowMs,
});

describe("the limiter under a flood", () => {
  it("refuses past the limit with the time the oldest hit leaves the window, in one statement", async () => {
    const rule = ruleOf(3, 60_000);
    const first = new Date("2026-11-26T10:00:00.000Z");
    // One hit per slice (slices are a tenth of the window: 6 s).
    for (let i = 0; i < 3; i++)
      expect(await takeLimit(rule, new Date(first.getTime() + i * 6_000))).toEqual({
        isLimited: false,
        count: i + 1,
      });

    const now = new Date(first.getTime() + 20_000);
    const queries = countAppQueries();
    const refused = await takeLimit(rule, now);
    expect(queries.stop()).toBe(1);
    // The first hit leaves the window 60 s after its slice began: 40 s from now.
    expect(refused).toEqual({ isLimited: true, count: 3, retryAfterSeconds: 40 });
    expect(await peekLimit(rule, now)).toEqual(refused);
    // Nothing was counted for the refusal.
    const rows = await testDb().rateLimitCounter.findMany({ where: { key: rule.key } });
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(3);

    // Once the oldest slice has left the window, one more fits.
    expect((await takeLimit(rule, new Date(first.getTime() + 60_001))).isLimited).toBe(false);
  });

  it("lets exactly `max` of a parallel burst through", async () => {
    const rule = ruleOf(10);
    const now = new Date();
    const checks = await Promise.all(Array.from({ length: 40 }, () => takeLimit(rule, now)));
    expect(checks.filter((check) => !check.isLimited)).toHaveLength(10);
    // All ten hits are in the current 6 s slice: they leave the window within 54–60 s.
    for (const check of checks.filter((check) => check.isLimited)) {
      const { retryAfterSeconds } = check as { retryAfterSeconds: number };
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(54);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postEvents } from "@/app/api/analytics/event/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { uniqueAddress } from "../../support/staff";
import { BROWSER_UA, makeEvent } from "../../support/analytics";

const GLOBAL_CAP = 3;
const previous = process.env.ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND;
beforeAll(() => {
  // Read on first use by lib/env.ts, which this file's module graph loads fresh.
  process.env.ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND = String(GLOBAL_CAP);
});
afterAll(() => {
  if (previous === undefined) delete process.env.ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND;
  else process.env.ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND = previous;
});

describe("POST /api/analytics/event under a flood from rotating addresses", () => {
  it("stores at most the global cap per second, whatever address each request claims", async () => {
    // Start at the top of a second so the burst falls in as few one-second windows as possible.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const started = Date.now();
    const batches = Array.from({ length: 12 }, () =>
      Array.from({ length: 5 }, () => makeEvent({ user_id: `user_flood${Date.now()}` })),
    );
    const results = await Promise.all(
      batches.map((events) =>
        callRoute(postEvents, {
          method: "POST",
          path: "/api/analytics/event",
          body: { events },
          headers: { "x-forwarded-for": uniqueAddress(), "user-agent": BROWSER_UA },
        }),
      ),
    );
    const seconds = Math.floor((Date.now() - started) / 1000) + 1;
    const acknowledged = results.filter((result) => result.status === 202);
    const refused = results.filter((result) => result.status === 429);
    expect(acknowledged.length + refused.length).toBe(batches.length);
    expect(acknowledged.length).toBeLessThanOrEqual(GLOBAL_CAP * seconds);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    const stored = await testDb().analyticsEvent.count({
      where: { eventId: { in: batches.flat().map((event) => event.event_id) } },
    });
    expect(stored).toBe(acknowledged.length * 5);
  });
});

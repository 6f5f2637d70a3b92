import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postEvents } from "@/app/api/analytics/event/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { uniqueAddress } from "../../support/staff";
import { BROWSER_UA, makeEvent, PHONE_UA } from "../../support/analytics";

const RATE_LIMIT = 5;
const previousLimit = process.env.ANALYTICS_RATE_LIMIT_PER_ADDRESS;
beforeAll(() => {
  // Read on first use by lib/env.ts, which this file's module graph loads fresh.
  process.env.ANALYTICS_RATE_LIMIT_PER_ADDRESS = String(RATE_LIMIT);
});
afterAll(() => {
  if (previousLimit === undefined) delete process.env.ANALYTICS_RATE_LIMIT_PER_ADDRESS;
  else process.env.ANALYTICS_RATE_LIMIT_PER_ADDRESS = previousLimit;
});

const post = (
  body: unknown,
  {
    headers = {},
    rawBody,
    isCrossSite,
  }: { headers?: Record<string, string>; rawBody?: string; isCrossSite?: boolean } = {},
) =>
  callRoute(postEvents, {
    method: "POST",
    path: "/api/analytics/event",
    body,
    rawBody,
    isCrossSite,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": BROWSER_UA, ...headers },
  });

const storedIds = async (ids: string[]) =>
  (
    await testDb().analyticsEvent.findMany({
      where: { eventId: { in: ids } },
      select: { eventId: true },
    })
  )
    .map((row) => row.eventId)
    .sort();

describe("POST /api/analytics/event", () => {
  it("stores one event and answers 202 with what it accepted, reducing referrer and user agent at ingestion", async () => {
    const event = makeEvent({
      referrer: "https://www.google.com.mx/search?q=ia",
      metadata: { page_title: "Inicio", path: "/" },
      page_url: "http://crm.test/?utm=x",
    });
    const result = await post(event, { headers: { "user-agent": PHONE_UA } });
    expect(result.status).toBe(202);
    expect(result.json).toEqual({ accepted: 1, rejected: 0, errors: [] });
    const row = await testDb().analyticsEvent.findFirstOrThrow({
      where: { eventId: event.event_id },
    });
    expect(row).toMatchObject({
      eventType: "page_view",
      path: "/",
      pageTitle: "Inicio",
      userId: event.user_id,
      sessionId: event.session_id,
      sourceChannel: "organic",
      deviceClass: "mobile",
    });
    expect(row.clientTimestamp.toISOString()).toBe(event.timestamp);
    // The referring host is kept for attribution; the query string is not (no utm_ parameter here).
    expect(row.metadata).toEqual({ path: "/", referrer_host: "google.com.mx" });
  });

  it("accepts a batch sent as text/plain, as navigator.sendBeacon sends it", async () => {
    const events = [
      makeEvent({ referrer: "https://l.facebook.com/" }),
      makeEvent({
        event_type: "cta_click",
        metadata: { cta_text: "Conversemos", location: "hero" },
      }),
      makeEvent({ referrer: "http://crm.test/blog" }),
    ];
    const result = await post(undefined, {
      rawBody: JSON.stringify({ events }),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(result.status).toBe(202);
    expect(result.json).toEqual({ accepted: 3, rejected: 0, errors: [] });
    const rows = await testDb().analyticsEvent.findMany({
      where: { eventId: { in: events.map((e) => e.event_id) } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => row.sourceChannel)).toEqual(["social", "direct", "internal"]);
  });

  it("drops invalid events one by one and counts them in the answer", async () => {
    const good = [
      makeEvent(),
      makeEvent({ event_type: "scroll_depth", metadata: { scroll_percent: 50, page: "/" } }),
      makeEvent({ event_type: "questionnaire_step", metadata: { step: 4, step_name: "phone" } }),
    ];
    const bad = [
      makeEvent({ event_type: "mouse_move" }),
      makeEvent({ user_id: "anonymous" }),
      makeEvent({ timestamp: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
      makeEvent({ timestamp: "yesterday" }),
      makeEvent({ metadata: { nested: { deep: true } } }),
      makeEvent({ event_type: "scroll_depth", metadata: { scroll_percent: 33 } }),
      makeEvent({ page_url: "javascript:alert(1)" }),
      makeEvent({ metadata: { page_title: "x".repeat(301) } }),
      // A questionnaire step names the step only: out of range, or carrying an answer, it is refused.
      makeEvent({ event_type: "questionnaire_step", metadata: { step: 19, step_name: "email" } }),
      makeEvent({
        event_type: "questionnaire_step",
        metadata: { step: 3, step_name: "email", value: "ana@example.com" },
      }),
      makeEvent({
        event_type: "questionnaire_step",
        metadata: { step: 3, step_name: "ana@example.com" },
      }),
      "not an event",
    ];
    const result = await post({ events: [good[0], ...bad, good[1], good[2]] });
    expect(result.status).toBe(202);
    expect(result.json).toMatchObject({ accepted: 3, rejected: bad.length });
    // Each refused event is named by its place in the batch, with the field at fault.
    expect(result.json.errors.map((e: { index: number }) => e.index)).toEqual(
      bad.map((_, i) => i + 1),
    );
    expect(result.json.errors[0].reason).toMatch(/^event_type: /);
    expect(result.json.errors[1].reason).toMatch(/^user_id: /);
    expect(result.json.errors[2].reason).toMatch(/^timestamp: /);
    const badIds = bad
      .filter((e): e is ReturnType<typeof makeEvent> => typeof e === "object")
      .map((e) => e.event_id);
    expect(await storedIds([...good.map((e) => e.event_id), ...badIds])).toEqual(
      good.map((e) => e.event_id).sort(),
    );
  });

  it("refuses an event holding a NUL byte or a lone surrogate alone, storing the rest of its batch", async () => {
    const good = [makeEvent(), makeEvent(), makeEvent()];
    const withNul = makeEvent({ metadata: { page_title: "Inicio\u0000" } });
    const withSurrogate = makeEvent({ referrer: "https://example.com/\ud800" });
    const withNulKey = { ...makeEvent(), ["bad\u0000key"]: 1 };
    const batch = [good[0], withNul, good[1], withSurrogate, withNulKey, good[2]];
    // JSON.stringify writes the lone surrogate as the escape \\ud800, which JSON.parse turns back into one.
    const result = await post(undefined, {
      rawBody: JSON.stringify({ events: batch }),
      headers: { "content-type": "application/json" },
    });
    expect(result.status).toBe(202);
    expect(result.json.accepted).toBe(3);
    expect(result.json.rejected).toBe(3);
    expect(result.json.errors).toEqual([
      {
        index: 1,
        reason: "metadata.page_title: Contains a control character that is not allowed.",
      },
      { index: 3, reason: "referrer: Contains an invalid character (a lone surrogate)." },
      { index: 4, reason: expect.stringContaining("control character") },
    ]);
    expect(
      await storedIds([...good, withNul, withSurrogate, withNulKey].map((e) => e.event_id)),
    ).toEqual(good.map((e) => e.event_id).sort());
  });

  it("stores a retried batch once and counts it once in the rollups", async () => {
    const userId = `user_retry${Date.now()}`;
    const events = [
      makeEvent({ user_id: userId, page_url: "http://crm.test/retry-page" }),
      makeEvent({
        user_id: userId,
        event_type: "camila_click",
        metadata: { button_text: "Prueba a Camila", location: "hero" },
      }),
    ];
    const pagesBefore = await testDb().analyticsDailyPage.aggregate({
      where: { path: "/retry-page" },
      _sum: { views: true },
    });
    expect(pagesBefore._sum.views ?? 0n).toBe(0n);

    const first = await post({ events });
    const retries = await Promise.all([
      post({ events }),
      post({ events }),
      post({ events: [events[0], events[0]] }),
    ]);
    expect([first, ...retries].map((r) => r.status)).toEqual([202, 202, 202, 202]);
    expect(await testDb().analyticsEvent.count({ where: { userId } })).toBe(2);
    const pages = await testDb().analyticsDailyPage.aggregate({
      where: { path: "/retry-page" },
      _sum: { views: true },
    });
    expect(pages._sum.views).toBe(1n);
    const visitor = await testDb().analyticsVisitor.findUniqueOrThrow({ where: { userId } });
    expect(await testDb().analyticsDailyVisitor.count({ where: { visitorId: visitor.id } })).toBe(
      1,
    );
  });

  it("drops known bots and crawlers without storing anything", async () => {
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1)",
      "curl/8.5.0",
      "",
    ]) {
      const event = makeEvent();
      const result = await post(event, { headers: { "user-agent": userAgent } });
      expect(result.status).toBe(202);
      expect(result.json).toMatchObject({ accepted: 0, rejected: 1 });
      expect(await storedIds([event.event_id])).toEqual([]);
    }
  });

  it.each([
    ["malformed JSON", undefined, "{events: ["],
    ["a JSON array", [makeEvent()], undefined],
    ["an object that is neither an event nor a batch", { hello: "world" }, undefined],
    ["an empty batch", { events: [] }, undefined],
    ["more than 50 events", { events: Array.from({ length: 51 }, () => makeEvent()) }, undefined],
    [
      "a batch where every event is invalid",
      { events: [makeEvent({ event_type: "nope" }), makeEvent({ session_id: "s" })] },
      undefined,
    ],
  ])("answers 400 to %s", async (_name, body, rawBody) => {
    const result = await post(body, {
      rawBody,
      headers: rawBody ? { "content-type": "application/json" } : {},
    });
    expect(result.status).toBe(400);
    expect(result.json.error.code).toBe("validation");
  });

  it("answers 413 to a body over 64 KB and 415 to another content type", async () => {
    const huge = {
      events: [makeEvent({ metadata: { note: "x".repeat(300) } })],
      padding: "y".repeat(70 * 1024),
    };
    expect((await post(huge)).status).toBe(413);
    expect(
      (
        await post(undefined, {
          rawBody: JSON.stringify(makeEvent()),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(415);
  });

  it("refuses events posted from another site's pages", async () => {
    const event = makeEvent();
    const result = await post(event, { isCrossSite: true });
    expect(result.status).toBe(403);
    expect(await storedIds([event.event_id])).toEqual([]);
  });

  it("answers 429 with Retry-After once one address goes over its per-minute allowance", async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++)
      statuses.push((await post(makeEvent(), { headers: { "x-forwarded-for": address } })).status);
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(202), 429]);
    const limited = await post(makeEvent(), { headers: { "x-forwarded-for": address } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another visitor is unaffected.
    expect((await post(makeEvent())).status).toBe(202);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { GET as getAnalytics } from "@/app/api/analytics/route";
import { flooredPercent, getDashboard, percentChange } from "@/lib/analytics/dashboard.service";
import { ingestEvents } from "@/lib/analytics/ingest.service";
import { RANGES, type Range } from "@/lib/analytics/periods";
import { callRoute } from "../../support/http";
import { makeLead, testDb } from "../../support/factories";
import { staffCookie, uniqueAddress } from "../../support/staff";
import { BROWSER_UA, makeEvent } from "../../support/analytics";

const ZONE = "America/New_York";
// Tuesday 3 November 2026, 10:00 in New York: two days after clocks went back (1 Nov, a 25-hour day).
const NOW = new Date("2026-11-03T15:00:00Z");

type Fixture = {
  at: string;
  day: string;
  type: "page_view" | "camila_click" | "cta_click";
  user: string;
  referrer?: string;
};
// Each event's receive instant and, worked out by hand, its New York calendar day.
const EVENTS: Fixture[] = [
  {
    at: "2026-11-01T03:59:00Z",
    day: "2026-10-31",
    type: "page_view",
    user: "A",
    referrer: "https://www.google.com/",
  }, // 23:59 EDT
  {
    at: "2026-11-01T04:00:00Z",
    day: "2026-11-01",
    type: "page_view",
    user: "A",
    referrer: "https://www.google.com/",
  }, // 00:00 EDT
  {
    at: "2026-11-02T04:30:00Z",
    day: "2026-11-01",
    type: "page_view",
    user: "B",
    referrer: "https://m.facebook.com/",
  }, // 23:30 EST, 25th hour of the day
  {
    at: "2026-11-02T05:00:00Z",
    day: "2026-11-02",
    type: "page_view",
    user: "B",
    referrer: "https://partner.example/",
  }, // 00:00 EST
  { at: "2026-11-03T04:59:59Z", day: "2026-11-02", type: "page_view", user: "C" },
  { at: "2026-11-03T05:00:00Z", day: "2026-11-03", type: "page_view", user: "C" },
  {
    at: "2026-11-03T05:00:01Z",
    day: "2026-11-03",
    type: "page_view",
    user: "C",
    referrer: "http://crm.test/",
  }, // a move within the site
  { at: "2026-11-03T14:00:00Z", day: "2026-11-03", type: "camila_click", user: "C" },
  { at: "2026-11-03T14:00:05Z", day: "2026-11-03", type: "cta_click", user: "C" },
  { at: "2026-10-30T12:00:00Z", day: "2026-10-30", type: "camila_click", user: "A" },
  { at: "2026-10-15T12:00:00Z", day: "2026-10-15", type: "page_view", user: "D" },
  { at: "2026-09-30T23:30:00Z", day: "2026-09-30", type: "page_view", user: "D" }, // 19:30 EDT
  { at: "2026-10-01T03:30:00Z", day: "2026-09-30", type: "page_view", user: "E" }, // 23:30 EDT
  { at: "2026-10-01T04:00:00Z", day: "2026-10-01", type: "page_view", user: "E" },
  { at: "2026-03-08T06:30:00Z", day: "2026-03-08", type: "page_view", user: "F" }, // 01:30 EST, before clocks go forward
  { at: "2026-03-09T03:59:00Z", day: "2026-03-08", type: "page_view", user: "F" }, // 23:59 EDT, end of a 23-hour day
  { at: "2026-03-09T04:00:00Z", day: "2026-03-09", type: "page_view", user: "G" },
  { at: "2025-11-04T05:00:00Z", day: "2025-11-04", type: "page_view", user: "H" },
  { at: "2025-11-04T04:59:00Z", day: "2025-11-03", type: "page_view", user: "H" },
  { at: "2026-07-01T04:00:00Z", day: "2026-07-01", type: "page_view", user: "I" },
  { at: "2026-07-01T03:59:00Z", day: "2026-06-30", type: "page_view", user: "I" },
  { at: "2026-09-30T12:00:00Z", day: "2026-09-30", type: "camila_click", user: "I" },
];
// Lead submissions (opt-ins) by stored instant and New York day.
const SUBMISSIONS = [
  { at: "2026-11-03T04:59:59Z", day: "2026-11-02", source: "optin" },
  { at: "2026-11-03T05:00:00Z", day: "2026-11-03", source: "home_form" },
  { at: "2026-11-01T04:00:00Z", day: "2026-11-01", source: "chat_widget" },
  { at: "2026-10-31T12:00:00Z", day: "2026-10-31", source: "partner_import" },
  { at: "2026-08-15T12:00:00Z", day: "2026-08-15", source: "optin" },
];

// Each range as of NOW, with the previous span of equal length, written out by hand. A range that
// reaches today compares like with like: its previous span's last day counts only up to `until`, the
// same time of day as NOW (10:00 New York; 14:00 UTC on a summer-time day, 15:00 on a winter one).
const EXPECTED_SPANS: Record<
  Range,
  { current: [string, string]; previous: [string, string]; until: string | null }
> = {
  today: {
    current: ["2026-11-03", "2026-11-03"],
    previous: ["2026-11-02", "2026-11-02"],
    until: "2026-11-02T15:00:00.000Z",
  },
  yesterday: {
    current: ["2026-11-02", "2026-11-02"],
    previous: ["2026-11-01", "2026-11-01"],
    until: null,
  },
  last3days: {
    current: ["2026-11-01", "2026-11-03"],
    previous: ["2026-10-29", "2026-10-31"],
    until: "2026-10-31T14:00:00.000Z",
  },
  last7days: {
    current: ["2026-10-28", "2026-11-03"],
    previous: ["2026-10-21", "2026-10-27"],
    until: "2026-10-27T14:00:00.000Z",
  },
  last30days: {
    current: ["2026-10-05", "2026-11-03"],
    previous: ["2026-09-05", "2026-10-04"],
    until: "2026-10-04T14:00:00.000Z",
  },
  thisMonth: {
    current: ["2026-11-01", "2026-11-03"],
    previous: ["2026-10-29", "2026-10-31"],
    until: "2026-10-31T14:00:00.000Z",
  },
  lastMonth: {
    current: ["2026-10-01", "2026-10-31"],
    previous: ["2026-08-31", "2026-09-30"],
    until: null,
  },
  lastQuarter: {
    current: ["2026-07-01", "2026-09-30"],
    previous: ["2026-03-31", "2026-06-30"],
    until: null,
  },
  lastYear: {
    current: ["2025-11-04", "2026-11-03"],
    previous: ["2024-11-04", "2025-11-03"],
    until: "2025-11-03T15:00:00.000Z",
  },
  custom: {
    current: ["2026-03-08", "2026-11-01"],
    previous: ["2025-07-12", "2026-03-07"],
    until: null,
  },
};
const CUSTOM_QUERY = "startDate=2026-03-08&endDate=2026-11-01";

function expectedFigures([first, last]: [string, string], until: string | null = null) {
  const inSpan = ({ day, at }: { day: string; at: string }) =>
    day >= first && day <= last && (!until || new Date(at) < new Date(until));
  const views = EVENTS.filter((e) => e.type === "page_view" && inSpan(e));
  return {
    totalTraffic: views.length,
    uniqueTraffic: new Set(views.map((e) => e.user)).size,
    totalOptins: SUBMISSIONS.filter(inSpan).length,
    camilaClicks: EVENTS.filter((e) => e.type === "camila_click" && inSpan(e)).length,
  };
}

let cookie: string;
const tag = `t${Date.now().toString(36)}`;

beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
  // Only this file writes events before NOW, so the figures below are exact.
  await testDb().$executeRawUnsafe(
    "TRUNCATE analytics_events, analytics_daily_counts, analytics_daily_visitors, analytics_daily_visitor_totals, analytics_visitors, analytics_daily_pages",
  );
  await testDb().leadSubmission.deleteMany({ where: { createdAt: { lt: NOW } } });

  const context = (at: string, userAgent = BROWSER_UA) => ({
    clientAddress: uniqueAddress(),
    userAgent,
    ownHost: "crm.test",
    now: new Date(at),
  });
  for (const [index, fixture] of EVENTS.entries()) {
    const event = makeEvent({
      event_id: `evt_${tag}_${index}`,
      event_type: fixture.type,
      user_id: `user_${tag}_${fixture.user}`,
      timestamp: fixture.at,
      referrer: fixture.referrer ?? "",
      page_url: `http://crm.test/page-${fixture.user.toLowerCase()}`,
      metadata:
        fixture.type === "page_view"
          ? { page_title: "Page", path: "/" }
          : { button_text: "Conversemos", location: "hero" },
    });
    await ingestEvents(event, context(fixture.at));
    // A retry of the same event, a bot and an invalid event alongside each real one: none may count.
    await ingestEvents(
      { events: [event, makeEvent({ event_type: "bogus", timestamp: fixture.at })] },
      context(fixture.at),
    );
    await ingestEvents(
      { ...event, event_id: `evt_${tag}_bot_${index}` },
      context(
        fixture.at,
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      ),
    );
  }
  for (const submission of SUBMISSIONS) {
    const lead = await makeLead();
    await testDb().leadSubmission.create({
      data: {
        submissionId: `sub_${tag}_${submission.at}`,
        leadId: lead.id,
        source: submission.source,
        lang: "es",
        answers: {},
        createdAt: new Date(submission.at),
      },
    });
  }
});

describe("analytics dashboard figures", () => {
  it.each(RANGES)(
    "%s: exact totals, previous period and change, by New York days",
    async (range) => {
      const dashboard = await getDashboard(
        {
          range,
          ...(range === "custom" ? { startDate: "2026-03-08", endDate: "2026-11-01" } : {}),
        },
        { now: NOW, timeZone: ZONE },
      );
      const spans = EXPECTED_SPANS[range];
      const current = expectedFigures(spans.current);
      const previous = expectedFigures(spans.previous, spans.until);
      expect([dashboard.startDate, dashboard.endDate]).toEqual(spans.current);
      expect(dashboard.previous.until).toBe(spans.until);
      expect([dashboard.previous.startDate, dashboard.previous.endDate]).toEqual(spans.previous);
      expect({
        totalTraffic: dashboard.totalTraffic,
        uniqueTraffic: dashboard.uniqueTraffic,
        totalOptins: dashboard.totalOptins,
        camilaClicks: dashboard.camilaClicks,
      }).toEqual(current);
      expect(dashboard.previous).toMatchObject(previous);
      for (const key of ["totalTraffic", "uniqueTraffic", "totalOptins", "camilaClicks"] as const) {
        expect(dashboard.change[key]).toBe(
          previous[key] === 0
            ? null
            : Math.round(((current[key] - previous[key]) / previous[key]) * 1000) / 10,
        );
      }
      expect(dashboard.daily.reduce((sum, day) => sum + day.pageViews, 0)).toBe(
        current.totalTraffic,
      );
      // The previous period, day by day (whole days: the chart draws them), adds up to its whole-day figure.
      expect(dashboard.previousDaily[0]!.date).toBe(dashboard.previous.startDate);
      expect(dashboard.previousDaily.at(-1)!.date).toBe(dashboard.previous.endDate);
      expect(dashboard.previousDaily.reduce((sum, day) => sum + day.pageViews, 0)).toBe(
        expectedFigures(spans.previous).totalTraffic,
      );
    },
  );

  it("counts a visitor once over a range even when they came on several days", async () => {
    const dashboard = await getDashboard({ range: "last3days" }, { now: NOW, timeZone: ZONE });
    // A on 1 Nov, B on 1 and 2 Nov, C on 2 and 3 Nov: 3 people, though the daily figures add up to 5.
    expect(dashboard.uniqueTraffic).toBe(3);
    expect(dashboard.daily).toEqual([
      { date: "2026-11-01", pageViews: 2, visitors: 2 },
      { date: "2026-11-02", pageViews: 2, visitors: 2 },
      { date: "2026-11-03", pageViews: 2, visitors: 1 },
    ]);
  });

  it("shares visits by channel and conversions by channel, rounded down, leaving moves within the site out", async () => {
    const dashboard = await getDashboard({ range: "last3days" }, { now: NOW, timeZone: ZONE });
    // Arrivals: google (1 Nov), facebook (1 Nov), partner.example (2 Nov), two without a referrer; the internal move is not a visit.
    expect(dashboard.sources).toEqual([
      { channel: "organic", visits: 1, percent: 20 },
      { channel: "direct", visits: 2, percent: 40 },
      { channel: "social", visits: 1, percent: 20 },
      { channel: "referral", visits: 1, percent: 20 },
      { channel: "email", visits: 0, percent: 0 },
      { channel: "paid", visits: 0, percent: 0 },
      { channel: "campaign", visits: 0, percent: 0 },
    ]);
    // Opt-ins 1–3 Nov: optin, home_form, chat_widget; one receptionist click on 3 Nov. Only channels
    // that converted are listed: no 'other' row that could never move.
    expect(dashboard.channels).toEqual([
      { channel: "questionnaire", count: 1, percent: 25 },
      { channel: "contactForm", count: 1, percent: 25 },
      { channel: "chatWidget", count: 1, percent: 25 },
      { channel: "camilaCalls", count: 1, percent: 25 },
    ]);
    expect(dashboard.topPages[0]).toEqual({ path: "/page-c", views: 3 });
  });

  it("percent change is null without a previous figure and one decimal otherwise; shares round down", () => {
    expect(flooredPercent(1, 6)).toBe(16);
    expect(flooredPercent(2, 3)).toBe(66);
    expect(flooredPercent(3, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(4, 3)).toBe(33.3);
  });

  it("the rollups agree exactly with the raw events", async () => {
    const [mismatchedCounts, mismatchedVisitors, mismatchedPages, mismatchedTotals] =
      await Promise.all([
        testDb().$queryRawUnsafe<unknown[]>(`
        (SELECT day, event_type, source_channel, count(*)::bigint AS n FROM analytics_events GROUP BY 1, 2, 3
         EXCEPT SELECT day, event_type, source_channel, sum(events)::bigint FROM analytics_daily_counts GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT day, event_type, source_channel, sum(events)::bigint FROM analytics_daily_counts GROUP BY 1, 2, 3
         EXCEPT SELECT day, event_type, source_channel, count(*)::bigint FROM analytics_events GROUP BY 1, 2, 3)`),
        testDb().$queryRawUnsafe<unknown[]>(`
        WITH rolled_up AS (SELECT d.day, v.user_id FROM analytics_daily_visitors d LEFT JOIN analytics_visitors v ON v.id = d.visitor_id)
        (SELECT DISTINCT day, user_id FROM analytics_events WHERE event_type = 'page_view' EXCEPT ALL SELECT day, user_id FROM rolled_up)
        UNION ALL
        (SELECT day, user_id FROM rolled_up EXCEPT ALL SELECT DISTINCT day, user_id FROM analytics_events WHERE event_type = 'page_view')`),
        testDb().$queryRawUnsafe<unknown[]>(`
        (SELECT day, path, count(*)::bigint FROM analytics_events WHERE event_type = 'page_view' GROUP BY 1, 2 EXCEPT SELECT day, path, sum(views)::bigint FROM analytics_daily_pages GROUP BY 1, 2)
        UNION ALL
        (SELECT day, path, sum(views)::bigint FROM analytics_daily_pages GROUP BY 1, 2 EXCEPT SELECT day, path, count(*)::bigint FROM analytics_events WHERE event_type = 'page_view' GROUP BY 1, 2)`),
        testDb().$queryRawUnsafe<unknown[]>(`
        (SELECT day, count(DISTINCT user_id)::bigint FROM analytics_events WHERE event_type = 'page_view' GROUP BY 1 EXCEPT SELECT day, sum(visitors)::bigint FROM analytics_daily_visitor_totals GROUP BY 1)
        UNION ALL
        (SELECT day, sum(visitors)::bigint FROM analytics_daily_visitor_totals GROUP BY 1 EXCEPT SELECT day, count(DISTINCT user_id)::bigint FROM analytics_events WHERE event_type = 'page_view' GROUP BY 1)`),
      ]);
    expect(await testDb().analyticsEvent.count()).toBe(EVENTS.length);
    expect(mismatchedCounts).toEqual([]);
    expect(mismatchedVisitors).toEqual([]);
    expect(mismatchedPages).toEqual([]);
    expect(mismatchedTotals).toEqual([]);
    // Each visitor-day's arrival (for the funnel) is its first page view from outside, else its first,
    // and the questionnaire flag says whether /optin was viewed, whatever order the batches came in.
    const mismatchedArrivals = await testDb().$queryRawUnsafe<unknown[]>(`
      WITH raw AS (
        SELECT DISTINCT ON (e.day, v.id) e.day, v.id, e.id AS arrival_id, e.path,
               bool_or(e.path = '/optin') OVER (PARTITION BY e.day, v.id) AS opened
          FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view'
         ORDER BY e.day, v.id, (e.source_channel = 'internal'), e.received_at, e.id)
      (SELECT * FROM raw EXCEPT SELECT day, visitor_id, arrival_id, landing_page, opened_questionnaire FROM analytics_daily_visitors)
      UNION ALL
      (SELECT day, visitor_id, arrival_id, landing_page, opened_questionnaire FROM analytics_daily_visitors EXCEPT SELECT * FROM raw)`);
    expect(mismatchedArrivals).toEqual([]);
    // Its links to the visitor's previous day and previous day arriving from outside, and each visitor's
    // latest days, as the raw page views give them, though batches came in no order of days.
    const mismatchedLinks = await testDb().$queryRawUnsafe<unknown[]>(`
      WITH days AS (
        SELECT e.day, v.id AS visitor_id, bool_or(e.source_channel <> 'internal') AS external
          FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view' GROUP BY 1, 2),
      raw AS (
        SELECT day, visitor_id, lag(day) OVER w AS prev_day,
               max(day) FILTER (WHERE external) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_ext_day
          FROM days WINDOW w AS (PARTITION BY visitor_id ORDER BY day)),
      latest AS (
        SELECT visitor_id, max(day) AS seen_day, max(day) FILTER (WHERE external) AS ext_day FROM days GROUP BY 1)
      (SELECT * FROM raw EXCEPT SELECT day, visitor_id, prev_day, prev_ext_day FROM analytics_daily_visitors)
      UNION ALL
      (SELECT day, visitor_id, prev_day, prev_ext_day FROM analytics_daily_visitors EXCEPT SELECT * FROM raw)
      UNION ALL
      (SELECT NULL::date, visitor_id, seen_day, ext_day FROM latest EXCEPT SELECT NULL::date, id, seen_day, ext_day FROM analytics_visitors)`);
    expect(mismatchedLinks).toEqual([]);
    // Its earliest page view whatever the channel, and its first /optin view (for a day cut at a time).
    const mismatchedFirstViews = await testDb().$queryRawUnsafe<unknown[]>(`
      WITH raw AS (
        SELECT DISTINCT ON (e.day, v.id) e.day, v.id, e.received_at, e.id, e.path,
               min(e.received_at) FILTER (WHERE e.path = '/optin') OVER (PARTITION BY e.day, v.id) AS questionnaire_at
          FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view'
         ORDER BY e.day, v.id, e.received_at, e.id),
      rolled_up AS (SELECT day, visitor_id, first_view_at, first_view_id, first_view_path, questionnaire_at FROM analytics_daily_visitors)
      (SELECT * FROM raw EXCEPT SELECT * FROM rolled_up) UNION ALL (SELECT * FROM rolled_up EXCEPT SELECT * FROM raw)`);
    expect(mismatchedFirstViews).toEqual([]);
    // And each stored day is the New York day worked out by hand.
    const days = await testDb().analyticsEvent.findMany({ select: { eventId: true, day: true } });
    const dayById = new Map(days.map((row) => [row.eventId, row.day.toISOString().slice(0, 10)]));
    expect(EVENTS.map((_, index) => dayById.get(`evt_${tag}_${index}`))).toEqual(
      EVENTS.map((e) => e.day),
    );
  });

  it("concurrent batches sharing rollup rows keep the rollups exact", async () => {
    const at = "2024-06-15T16:00:00Z"; // outside every range above
    const batches = Array.from({ length: 12 }, (_, b) =>
      Array.from({ length: 20 }, (_, i) =>
        makeEvent({
          event_id: `evt_${tag}_c${b}_${i}`,
          user_id: `user_${tag}_c${i % 7}`,
          timestamp: at,
          page_url: `http://crm.test/c${i % 3}`,
        }),
      ),
    );
    // Every batch twice, all at once: duplicates race each other on the unique event id.
    const results = await Promise.all(
      [...batches, ...batches].map((events) =>
        ingestEvents(
          { events },
          {
            clientAddress: uniqueAddress(),
            userAgent: BROWSER_UA,
            ownHost: "crm.test",
            now: new Date(at),
          },
        ),
      ),
    );
    expect(results.every((r) => r.accepted === 20)).toBe(true);
    const counts = await testDb().analyticsDailyCount.findMany({
      where: { day: new Date("2024-06-15") },
    });
    expect(counts.reduce((sum, row) => sum + row.events, 0n)).toBe(240n);
    expect(
      await testDb().analyticsDailyVisitor.count({ where: { day: new Date("2024-06-15") } }),
    ).toBe(7);
    // Summed over the shards the batches wrote to.
    expect(
      (
        await testDb().analyticsDailyVisitorTotal.aggregate({
          where: { day: new Date("2024-06-15") },
          _sum: { visitors: true },
        })
      )._sum.visitors,
    ).toBe(7n);
    const dashboard = await getDashboard(
      { range: "custom", startDate: "2024-06-15", endDate: "2024-06-15" },
      { now: NOW, timeZone: ZONE },
    );
    expect(dashboard).toMatchObject({ totalTraffic: 240, uniqueTraffic: 7 });
  });
});

describe("GET /api/analytics", () => {
  it("answers 401 without a staff session", async () => {
    const result = await callRoute(getAnalytics, { path: "/api/analytics?range=today" });
    expect(result.status).toBe(401);
  });

  it("defaults to the last 7 days and answers every figure, 0 when there is no data", async () => {
    const result = await callRoute(getAnalytics, { path: "/api/analytics", cookie });
    expect(result.status).toBe(200);
    expect(result.json.range).toBe("last7days");
    expect(result.json.daily).toHaveLength(7);
    for (const key of ["totalTraffic", "uniqueTraffic", "totalOptins", "camilaClicks"]) {
      expect(typeof result.json[key]).toBe("number");
      expect(typeof result.json.previous[key]).toBe("number");
      expect(result.json.change).toHaveProperty(key);
    }
    expect(result.json.sources.map((s: { channel: string }) => s.channel)).toEqual([
      "organic",
      "direct",
      "social",
      "referral",
      "email",
      "paid",
      "campaign",
    ]);
  });

  it("answers a custom range through HTTP with the same figures as the service", async () => {
    const result = await callRoute(getAnalytics, {
      path: `/api/analytics?range=custom&${CUSTOM_QUERY}`,
      cookie,
    });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject(expectedFigures(EXPECTED_SPANS.custom.current));
  });

  it.each([
    ["an unknown range", "range=lastWeek"],
    ["a custom range without endDate", "range=custom&startDate=2026-01-01"],
    ["a custom range without startDate", "range=custom&endDate=2026-01-01"],
    [
      "a custom range that ends before it starts",
      "range=custom&startDate=2026-02-01&endDate=2026-01-01",
    ],
    [
      "a custom range longer than two years",
      "range=custom&startDate=2023-01-01&endDate=2026-01-01",
    ],
    ["a date that is not YYYY-MM-DD", "range=custom&startDate=01/02/2026&endDate=2026-03-01"],
    ["an impossible date", "range=custom&startDate=2026-02-30&endDate=2026-03-01"],
  ])("answers 400 to %s", async (_name, query) => {
    const result = await callRoute(getAnalytics, { path: `/api/analytics?${query}`, cookie });
    expect(result.status).toBe(400);
    expect(result.json.error.code).toBe("validation");
  });
});

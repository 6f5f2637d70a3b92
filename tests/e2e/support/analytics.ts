// What a client of the product can see of analytics: the tracker's requests as the browser sends
// them, the ingestion endpoint's answers, and the staff dashboard API's figures. The tracker specs
// observe through these instead of reading the app's database, so they run on any database.
import {
  expect,
  request,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import { INGEST_PATH } from "@/lib/analytics/events";
import { staffApiCookie } from "./staff";

/** One event as the tracker put it on the wire. */
export interface SentEvent {
  event_id: string;
  event_type: string;
  user_id: string;
  session_id: string;
  page_url: string;
  referrer: string;
  metadata: Record<string, unknown>;
}

export interface TrackerTraffic {
  /** Every event in every request to the ingestion endpoint, in the order the requests left. */
  events: SentEvent[];
  /** The raw request bodies, to check that something never leaves the browser. */
  bodies: string[];
  /** The endpoint's answers, one per request that got one. */
  answers: { status: number; body: unknown }[];
}

/**
 * Records every request the pages of `context` send to the ingestion endpoint (fetch and beacons
 * alike) and the endpoint's answers, without changing them.
 */
export function watchTracker(context: BrowserContext): TrackerTraffic {
  const traffic: TrackerTraffic = { events: [], bodies: [], answers: [] };
  const isIngest = (url: string, method: string) =>
    method === "POST" && new URL(url).pathname === INGEST_PATH;
  context.on("request", (sent) => {
    if (!isIngest(sent.url(), sent.method())) return;
    const body = sent.postData() ?? "";
    traffic.bodies.push(body);
    const parsed = JSON.parse(body) as SentEvent | { events: SentEvent[] };
    traffic.events.push(...("events" in parsed ? parsed.events : [parsed]));
  });
  context.on("requestfinished", async (finished) => {
    if (!isIngest(finished.url(), finished.method())) return;
    const response = await finished.response();
    if (!response) return;
    traffic.answers.push({
      status: response.status(),
      body: await response.json().catch(() => null),
    });
  });
  return traffic;
}

/**
 * Waits until the tracker has sent at least `count` events for `userId` and every request has been
 * answered, and returns that visitor's events. `page` runs on Playwright's clock (`page.clock.install()`
 * before it loads): its time is then run on past every timer the tracker may still hold (the batch delay
 * and the wait for a new page's title, a second each), so a stray extra event would be sent and show.
 */
export async function settledEvents(
  page: Page,
  traffic: TrackerTraffic,
  userId: string,
  count: number,
): Promise<SentEvent[]> {
  const mine = () => traffic.events.filter((event) => event.user_id === userId);
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  await page.clock.runFor(2500);
  await expect.poll(() => traffic.answers.length, { timeout: 10_000 }).toBe(traffic.bodies.length);
  return mine();
}

/** Every request was stored whole: a 202 with no event rejected, as many accepted as were sent. */
export function expectAllAccepted(traffic: TrackerTraffic) {
  expect(traffic.answers.map((answer) => answer.status)).toEqual(traffic.bodies.map(() => 202));
  const accepted = traffic.answers.reduce(
    (sum, answer) => sum + (answer.body as { accepted: number }).accepted,
    0,
  );
  expect(accepted).toBe(traffic.events.length);
  expect(
    traffic.answers.every((answer) => (answer.body as { rejected: number }).rejected === 0),
  ).toBe(true);
}

/** The dashboard figures the tracker specs compare before and after a visit. */
export interface TrafficFigures {
  totalTraffic: number;
  uniqueTraffic: number;
  camilaClicks: number;
  /** Page views that arrived from outside the site, by channel. */
  visits: Record<string, number>;
}

/** The staff dashboard API, signed in as staff the way the dashboard page does it. */
export class StaffDashboard {
  private constructor(
    private readonly api: APIRequestContext,
    private readonly cookie: string,
    private readonly query: string,
  ) {}

  static async open(baseURL: string): Promise<StaffDashboard> {
    const api = await request.newContext({ baseURL });
    const cookie = await staffApiCookie(api, baseURL);
    // A few days around today in any time zone, so a test that runs across midnight still sees its events.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const query = `range=custom&startDate=${day(-2)}&endDate=${day(2)}`;
    return new StaffDashboard(api, cookie, query);
  }

  /** GET /api/analytics: what the dashboard reports right now. */
  async figures(): Promise<TrafficFigures> {
    const response = await this.api.get(`/api/analytics?${this.query}`, {
      headers: { cookie: this.cookie },
    });
    expect(response.status()).toBe(200);
    const dashboard = (await response.json()) as AnalyticsDashboard;
    return {
      totalTraffic: dashboard.totalTraffic,
      uniqueTraffic: dashboard.uniqueTraffic,
      camilaClicks: dashboard.camilaClicks,
      visits: Object.fromEntries(dashboard.sources.map((row) => [row.channel, row.visits])),
    };
  }

  /**
   * How every figure changed since `before`. Call it once every tracker request has been answered
   * (settledEvents): the endpoint answers only after the events and their rollups are committed.
   */
  async changeSince(before: TrafficFigures): Promise<TrafficFigures> {
    return difference(await this.figures(), before);
  }

  async dispose() {
    await this.api.dispose();
  }
}

export function difference(after: TrafficFigures, before: TrafficFigures): TrafficFigures {
  return {
    totalTraffic: after.totalTraffic - before.totalTraffic,
    uniqueTraffic: after.uniqueTraffic - before.uniqueTraffic,
    camilaClicks: after.camilaClicks - before.camilaClicks,
    visits: Object.fromEntries(
      Object.entries(after.visits).map(([channel, visits]) => [
        channel,
        visits - (before.visits[channel] ?? 0),
      ]),
    ),
  };
}

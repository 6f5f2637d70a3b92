import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import { watchTracker, type TrackerTraffic } from "../support/analytics";
import { completeQuestionnaire } from "../support/questionnaire";
import { signInThroughApi, staffApiCookie } from "../support/staff";

// Issue 15 end to end: a visit from a campaign becomes a lead whose panel tells where it came from, and
// the dashboard's funnel counts that visit through each step; with Global Privacy Control nothing of it
// leaves the browser. The suite runs one test at a time (workers: 1), so a change in the dashboard's
// figures during a test is that test's doing. The pages run on Playwright's clock (installed before they
// load), so the tracker's delays and the questionnaire's time gate are run on instead of waited out.

const LANDING = "/solutions/voice-agents";
const UTM = {
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "otono-voz",
  utm_term: "recepcionista ia",
  utm_content: "boton-principal",
};
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// A few days around today in any time zone, as the tracker specs count.
const FROM = day(-2);
const TO = day(2);
const PERIOD = `range=custom&startDate=${FROM}&endDate=${TO}`;

/** A table cell's count: the number, then (when it links to its leads) the link's hidden words. */
const countText = (value: number) =>
  new RegExp(`^${new Intl.NumberFormat("es").format(value).replace(".", "\\.")}(\\s|$)`);

type Counts = Record<"visitors" | "questionnaire_started" | "lead", number>;
const STEPS = ["visitors", "questionnaire_started", "lead"] as const;

let api: APIRequestContext;
let cookie: string;
test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  cookie = await staffApiCookie(api, baseURL!);
});
test.afterAll(async () => api?.dispose());
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

async function dashboard(): Promise<AnalyticsDashboard> {
  const response = await api.get(`/api/analytics?${PERIOD}`, { headers: { cookie } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsDashboard;
}

function countsOf(steps: { step: string; count: number }[] | undefined): Counts {
  const count = (step: string) => steps?.find((row) => row.step === step)?.count ?? 0;
  return {
    visitors: count("visitors"),
    questionnaire_started: count("questionnaire_started"),
    lead: count("lead"),
  };
}

async function leadIdFor(email: string): Promise<string> {
  const response = await api.get(`/api/crm/leads?q=${encodeURIComponent(email)}`, {
    headers: { cookie },
  });
  const { leads } = (await response.json()) as { leads: { id: string }[] };
  expect(leads).toHaveLength(1);
  return leads[0]!.id;
}

/**
 * With Global Privacy Control on, and a count of its reads: the tracker reads it first thing when it
 * starts, so a read is the sign it has started and decided (nothing else reads it before a form is used).
 */
async function turnOnPrivacyControl(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { __signalReads?: number };
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", {
      get: () => {
        counted.__signalReads = (counted.__signalReads ?? 0) + 1;
        return true;
      },
    });
  });
}

/** Waits until the tracker of the open page has started and read the privacy signal. */
async function trackerDeclined(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as { __signalReads?: number }).__signalReads ?? 0), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

/**
 * Lands on a solution page from a campaign link and stays until the tracker has started (on idle),
 * then reads the blog as a visitor would (a link on the page). Without `traffic`, the visitor has
 * Global Privacy Control on.
 */
async function arriveAndReadTheBlog(page: Page, traffic: TrackerTraffic | null) {
  const query = new URLSearchParams(UTM).toString();
  await page.goto(`${LANDING}?${query}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (traffic)
    await expect
      .poll(() => traffic.events.some((e) => e.metadata.path === LANDING), { timeout: 15_000 })
      .toBe(true);
  else await trackerDeclined(page);
  // A plain link within the site: the blog page's referrer is the solution page, so it is no new arrival.
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/blog";
    document.body.append(link);
    link.click();
  });
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 1200);
}

test("a campaign visit that reads the blog and completes /optin: the lead shows first touch, last touch and UTM, and the funnel counts it at each step", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const before = await dashboard();
  const beforeLanding = countsOf(
    before.funnel_by_landing_page.find((row) => row.landing_page === LANDING)?.steps,
  );
  const traffic = watchTracker(page.context());

  await arriveAndReadTheBlog(page, traffic);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("av_user_id")), { timeout: 15_000 })
    .toMatch(/^user_/);
  const visitorId = await page.evaluate(() => localStorage.getItem("av_user_id"));
  await expect
    .poll(
      () =>
        traffic.events.some(
          (e) =>
            e.user_id === visitorId && e.event_type === "page_view" && e.metadata.path === "/blog",
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  // Later, in a new tab (a new visit), the same visitor comes back from a search and sends the questionnaire.
  const later = await page.context().newPage();
  await later.goto("/optin", { referer: "https://www.google.com/" });
  // That visit is stored before the questionnaire is sent, as it is for a person, who reads the page
  // first: the lead's last touch is read from the stored visits when it arrives.
  await expect
    .poll(
      () =>
        traffic.events.some(
          (e) =>
            e.user_id === visitorId && e.event_type === "page_view" && e.metadata.path === "/optin",
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect.poll(() => traffic.answers.length).toBe(traffic.bodies.length);
  const email = `attributed.${Date.now().toString(36)}@example.com`;
  await completeQuestionnaire(later, email, { pageClock: true, keyByKey: false });
  await later.close();

  // The lead panel: where they came from, first and last touch, the campaign's tags.
  const leadId = await leadIdFor(email);
  await signInThroughApi(page);
  await page.goto(`/crm?lead=${leadId}`);
  const panel = page.getByTestId("lead-attribution");
  // Tagged utm_medium=email: the campaign's tags name the channel (docs/decisions/020).
  await expect(panel).toContainText(
    `Came from e-mail, landed on ${LANDING}, 2 visits over 0 days.`,
  );
  const first = panel.locator("div", { has: page.getByRole("heading", { name: "First touch" }) });
  await expect(first.getByRole("definition").first()).toHaveText("e-mail");
  for (const [key, value] of Object.entries(UTM)) {
    const label = {
      utm_source: "Campaign source",
      utm_medium: "Campaign medium",
      utm_campaign: "Campaign",
      utm_term: "Campaign term",
      utm_content: "Campaign content",
    }[key]!;
    await expect(first).toContainText(`${label}${value}`);
  }
  await expect(first).toContainText(`Landing page${LANDING}`);
  const last = panel.locator("div", {
    has: page.getByRole("heading", { name: "Last touch before converting" }),
  });
  await expect(last).toContainText("google.com (search)");
  await expect(last).toContainText("Landing page/optin");

  // The dashboard counts that visit at each step: in all, by its landing page and by its channel.
  const after = await dashboard();
  const plusOne = (counts: Counts): Counts => ({
    visitors: counts.visitors + 1,
    questionnaire_started: counts.questionnaire_started + 1,
    lead: counts.lead + 1,
  });
  expect(countsOf(after.funnel)).toEqual(plusOne(countsOf(before.funnel)));
  expect(
    countsOf(after.funnel_by_landing_page.find((row) => row.landing_page === LANDING)?.steps),
  ).toEqual(plusOne(beforeLanding));

  // And the dashboard page shows those figures, each lead figure linking to its leads.
  await page.goto(`/analytics?${PERIOD}`);
  const byPage = page.getByTestId("funnel-page").locator(`tr[data-group="${LANDING}"]`);
  const landingAfter = plusOne(beforeLanding);
  for (const step of STEPS)
    await expect(byPage.locator(`td[data-step="${step}"] [data-count]`)).toHaveText(
      countText(landingAfter[step]),
    );
  const funnel = page.getByTestId("sales-funnel");
  for (const step of STEPS)
    await expect(funnel.locator(`tr[data-step="${step}"] td`).first()).toHaveText(
      countText(countsOf(after.funnel)[step]),
    );
  await byPage.locator('td[data-step="lead"]').getByRole("link").click();
  await expect(page).toHaveURL(/\/crm\?funnel_step=lead&/);
  await expect(page.getByTestId("funnel-filter")).toContainText(LANDING);
  const list = page.getByRole("region", { name: "Leads" });
  await expect(list.getByRole("cell", { name: email })).toBeVisible();
  await expect(list.locator("tbody tr")).toHaveCount(landingAfter.lead);
});

test("with Global Privacy Control on, nothing is sent and the lead's origin reads 'unknown'", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await turnOnPrivacyControl(page);
  const before = await dashboard();
  const traffic = watchTracker(page.context());
  const leadBodies: string[] = [];
  page.on(
    "request",
    (sent) =>
      sent.method() === "POST" &&
      new URL(sent.url()).pathname === "/api/leads" &&
      leadBodies.push(sent.postData() ?? ""),
  );

  await arriveAndReadTheBlog(page, null);
  await page.goto("/optin", { referer: "https://www.google.com/" });
  await trackerDeclined(page);
  const email = `private.${Date.now().toString(36)}@example.com`;
  await completeQuestionnaire(page, email, { pageClock: true, keyByKey: false });
  // Past the batch delay, when a running tracker would send the questionnaire's steps.
  await page.clock.runFor(1500);

  expect(traffic.bodies).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("av_user_id"))).toBeNull();
  // The lead itself is sent, without a visitor id or campaign tags.
  expect(leadBodies).toHaveLength(1);
  expect(JSON.parse(leadBodies[0]!)).not.toHaveProperty("visitor_id");
  expect(JSON.parse(leadBodies[0]!)).not.toHaveProperty("utm");

  const leadId = await leadIdFor(email);
  await signInThroughApi(page);
  await page.goto(`/crm?lead=${leadId}`);
  await expect(page.getByTestId("lead-attribution")).toContainText(
    "Unknown: the visitor's browser did not let our tracker run",
  );

  // No visitor and no questionnaire start were counted; the lead was, under an unknown origin.
  const after = await dashboard();
  expect(countsOf(after.funnel)).toEqual({
    ...countsOf(before.funnel),
    lead: countsOf(before.funnel).lead + 1,
  });
  const unknown = (data: AnalyticsDashboard) =>
    countsOf(data.funnel_by_channel.find((row) => row.channel === "unknown")?.steps).lead;
  expect(unknown(after)).toBe(unknown(before) + 1);
});

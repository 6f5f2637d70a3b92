import { expect, test, type Page, type Request } from "@playwright/test";
import {
  expectAllAccepted,
  settledEvents,
  StaffDashboard,
  watchTracker,
  type SentEvent,
} from "../support/analytics";
import { startSignedInAsOwner } from "../support/staff";

// What the tracker sends is read off the wire (request interception); what the server made of it,
// from the ingestion endpoint's answers and the staff dashboard API. The suite runs one test at a time
// against one app (workers: 1), so a change in the dashboard's figures during a test is that test's doing.
// The tracker's time (its start on idle, its batch delay, the wait for a page's title) runs on Playwright's
// clock, installed before each page loads: time flows as usual, and a test runs it on instead of sleeping
// through a delay.

let dashboard: StaffDashboard;
test.beforeAll(async ({ baseURL }) => {
  dashboard = await StaffDashboard.open(baseURL!);
});
test.afterAll(async () => dashboard?.dispose());

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** The visitor id the tracker stored, once it has started (it loads when the page is idle). */
async function trackedUserId(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("av_user_id")), { timeout: 15_000 })
    .toMatch(/^user_/);
  return (await page.evaluate(() => localStorage.getItem("av_user_id")))!;
}

const summary = (events: SentEvent[]) =>
  events.map((e) => {
    const detail =
      e.metadata.scroll_percent ??
      e.metadata.cta_text ??
      e.metadata.phone_number ??
      (e.event_type === "page_view" ? e.metadata.path : "");
    return `${e.event_type}:${String(detail)}`;
  });

const pageViews = (events: SentEvent[]) => events.filter((e) => e.event_type === "page_view");

/**
 * Scrolls to the top or the bottom and waits until the tracker has read the new position: it reads it
 * on the animation frame after the scroll event, and the clock runs that frame.
 */
async function scrollTo(page: Page, where: "top" | "bottom") {
  await page.evaluate(async (toBottom) => {
    const scrolled = new Promise((resolve) =>
      addEventListener("scroll", resolve, { once: true, passive: true }),
    );
    window.scrollTo(0, toBottom ? document.documentElement.scrollHeight : 0);
    await scrolled;
  }, where === "bottom");
  await page.clock.runFor(50);
}

test("a visit, a scroll to the bottom, a CTA click and a tel: click send and store exactly the expected events", async ({
  page,
}) => {
  test.slow();
  const traffic = watchTracker(page.context());
  const before = await dashboard.figures();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on(
    "console",
    (message) =>
      message.type() === "warning" &&
      message.text().includes("Analytics tracking error") &&
      errors.push(message.text()),
  );
  // A product-analytics tool on the page gets phone_click, form_submit and email_click, nothing else.
  await page.addInitScript(() => {
    const captured: string[] = [];
    Object.assign(window, {
      __captured: captured,
      posthog: { capture: (name: string) => captured.push(name) },
    });
  });
  await page.goto("/");
  const userId = await trackedUserId(page);
  expect(userId).toMatch(/^user_[a-z0-9]+$/);
  const sessionId = await page.evaluate(() => sessionStorage.getItem("av_session_id"));
  expect(sessionId).toMatch(/^session_[a-z0-9]+$/);

  // Down to the bottom twice and back up in between: each 25% step is sent once.
  await page.mouse.wheel(0, 600);
  await scrollTo(page, "bottom");
  await scrollTo(page, "top");
  await scrollTo(page, "bottom");

  await page.getByRole("link", { name: "Ver Nuestras Soluciones" }).click();
  // A tel: link would hand over to a phone app; keep the page where it is (the tracker listens earlier, in the capture phase).
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => (event.target as Element).closest('a[href^="tel:"]') && event.preventDefault(),
    ),
  );
  await page.getByRole("link", { name: /^Prueba nuestra recepcionista/ }).click();

  const events = await settledEvents(page, traffic, userId, 8);
  expect(summary(events).sort()).toEqual(
    [
      "page_view:/",
      "scroll_depth:25",
      "scroll_depth:50",
      "scroll_depth:75",
      "scroll_depth:100",
      "cta_click:Ver Nuestras Soluciones",
      "camila_click:",
      "phone_click:+15550100",
    ].sort(),
  );
  expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
  expect(events.every((e) => e.session_id === sessionId)).toBe(true);
  const camila = events.find((e) => e.event_type === "camila_click")!;
  expect(camila.metadata.button_text).toMatch(/^Prueba nuestra recepcionista con IA/);
  const [view] = pageViews(events);
  expect(new URL(view!.page_url).pathname).toBe("/");
  // No referrer: the server counts it as a direct visit.
  expect(view!.referrer).toBe("");
  expectAllAccepted(traffic);

  // The dashboard counts one more visitor, one direct visit and one Camila click, nothing else.
  const change = await dashboard.changeSince(before);
  expect(change).toEqual({
    totalTraffic: 1,
    uniqueTraffic: 1,
    camilaClicks: 1,
    visits: { organic: 0, direct: 1, social: 0, referral: 0, email: 0, paid: 0, campaign: 0 },
  });
  expect(
    await page.evaluate(() => (window as unknown as { __captured: string[] }).__captured),
  ).toEqual(["phone_click"]);
  expect(errors).toEqual([]);
});

test("each client-side route change, Back included, is one page view, and moves within the site are internal", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const traffic = watchTracker(page.context());
  const before = await dashboard.figures();
  await page.goto("/");
  const userId = await trackedUserId(page);
  const homeTitle = await page.title();
  await page.locator('a[href="/solutions/voice-agents"]').first().click();
  await expect(page).toHaveURL(/\/solutions\/voice-agents$/);
  // The new page's title arrives a moment after its URL (the tracker waits for it too).
  await expect(page).not.toHaveTitle(homeTitle);
  await expect(page).not.toHaveTitle("");
  const solutionTitle = await page.title();
  const sentViews = () => pageViews(traffic.events.filter((e) => e.user_id === userId));
  await expect.poll(() => sentViews().length, { timeout: 15_000 }).toBe(2);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Clicking scrolls too, so wait for the page views themselves, then for any stray extra one.
  const views = pageViews(await settledEvents(page, traffic, userId, 3));
  const origin = new URL(baseURL!).origin;
  expect(views.map((e) => [e.metadata.path, e.referrer])).toEqual([
    ["/", ""],
    ["/solutions/voice-agents", `${origin}/`],
    ["/", `${origin}/solutions/voice-agents`],
  ]);
  // The title read is the new page's, not the one being left.
  expect(views[1]!.metadata.page_title).toBe(solutionTitle);
  expect(views[0]!.metadata.page_title).not.toBe(solutionTitle);
  expect(views[2]!.metadata.page_title).toBe(views[0]!.metadata.page_title);
  expectAllAccepted(traffic);

  // Three page views, of which only the first is a visit from outside: the other two are internal.
  const change = await dashboard.changeSince(before);
  expect(change).toEqual({
    totalTraffic: 3,
    uniqueTraffic: 1,
    camilaClicks: 0,
    visits: { organic: 0, direct: 1, social: 0, referral: 0, email: 0, paid: 0, campaign: 0 },
  });
});

test("Back to a page left by a full load counts one more view, whether the browser cached it or reloads it", async ({
  page,
}) => {
  test.slow();
  const traffic = watchTracker(page.context());
  const before = await dashboard.figures();
  await page.goto("/");
  const userId = await trackedUserId(page);
  const sentViews = () => pageViews(traffic.events.filter((e) => e.user_id === userId));
  await expect.poll(() => sentViews().length, { timeout: 15_000 }).toBe(1);
  await page.goto("/en");
  await expect.poll(() => sentViews().length, { timeout: 15_000 }).toBe(2);
  await page.goBack();
  await expect.poll(() => sentViews().length, { timeout: 15_000 }).toBe(3);
  // A beacon sent while a page unloads may leave no answer the browser can still read, so the
  // server's own figures are the proof that each view was stored.
  await expect
    .poll(async () => (await dashboard.changeSince(before)).totalTraffic, { timeout: 15_000 })
    .toBe(3);
  // Past every timer the tracker holds, so a stray extra view would have been sent and show.
  await page.clock.runFor(2500);
  expect(sentViews().map((e) => e.metadata.path)).toEqual(["/", "/en", "/"]);
  expect(traffic.answers.every((answer) => answer.status === 202)).toBe(true);
  const change = await dashboard.changeSince(before);
  expect(change.totalTraffic).toBe(3);
  expect(change.uniqueTraffic).toBe(1);
});

test("a contact form submission is one form_submit with the field names, never what was typed", async ({
  page,
}) => {
  test.slow();
  const traffic = watchTracker(page.context());
  await page.goto("/");
  const userId = await trackedUserId(page);
  // The form loads when its section nears the viewport.
  await page.locator("#lead_form").scrollIntoViewIfNeeded();
  const form = page.locator("#home_form");
  await expect(form).toBeVisible({ timeout: 15_000 });
  const email = `tracked.${Date.now().toString(36)}@example.com`;
  await form.getByLabel("Nombre").fill("Ana Tracker");
  await form.getByLabel("Correo de trabajo").fill(email);
  await form.getByLabel("¿Cómo podemos ayudarte?").fill("Texto privado que no debe salir");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();

  const submits = () =>
    traffic.events.filter((e) => e.user_id === userId && e.event_type === "form_submit");
  await expect.poll(() => submits().length, { timeout: 15_000 }).toBe(1);
  await settledEvents(page, traffic, userId, 1);
  expect(submits()).toHaveLength(1);
  const [submit] = submits();
  expect(submit!.metadata).toMatchObject({ form_type: "home_form", page: "/" });
  expect(submit!.metadata.form_fields).toEqual(
    expect.arrayContaining(["name", "email", "company", "message"]),
  );
  // Nothing the visitor typed is in any request the tracker sent.
  for (const body of traffic.bodies) {
    expect(body).not.toContain(email);
    expect(body).not.toContain("Texto privado");
  }
  expectAllAccepted(traffic);
});

for (const [signal, property, value] of [
  ["Do Not Track", "doNotTrack", "1"],
  ["Global Privacy Control", "globalPrivacyControl", true],
] as const) {
  test(`with ${signal} set nothing is sent or stored`, async ({ page }) => {
    // The signal, and a count of its reads: the tracker reads it first thing when it starts, so a
    // read is the sign it has started and decided (nothing else on these pages reads it).
    await page.addInitScript(
      ([name, setting]) => {
        const counted = window as unknown as { __signalReads?: number };
        Object.defineProperty(Navigator.prototype, name, {
          get: () => {
            counted.__signalReads = (counted.__signalReads ?? 0) + 1;
            return setting;
          },
        });
      },
      [property, value] as const,
    );
    const trackerStarted = () =>
      expect
        .poll(
          () => page.evaluate(() => (window as { __signalReads?: number }).__signalReads ?? 0),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
    const traffic = watchTracker(page.context());
    const before = await dashboard.figures();

    await page.goto("/");
    await trackerStarted();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole("link", { name: "Ver Nuestras Soluciones" }).click();
    // Past the batch delay, when a running tracker would send what it has queued.
    await page.clock.runFor(1500);
    await page.goto("/en"); // a page hide, when the tracker would flush
    await trackerStarted();
    await page.clock.runFor(1500);

    expect(await page.evaluate(() => localStorage.getItem("av_user_id"))).toBeNull();
    expect(traffic.bodies).toEqual([]);
    // And the dashboard counts no one.
    expect(await dashboard.figures()).toEqual(before);
  });
}

test("a failed send is logged as 'Analytics tracking error' and the visitor sees nothing", async ({
  page,
}) => {
  const warnings: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.route("**/api/analytics/event", (route) => route.abort("connectionrefused"));
  await page.goto("/");
  await trackedUserId(page);
  // Past the batch delay: the first page view goes out, and fails.
  await page.clock.runFor(1500);
  await expect
    .poll(() => warnings.filter((text) => text.includes("Analytics tracking error")).length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test.describe("on the staff tools", () => {
  startSignedInAsOwner();

  test("the tracker never loads on the staff tools", async ({ page }) => {
    const requests: string[] = [];
    page.on(
      "request",
      (request) => request.url().includes("/api/analytics/event") && requests.push(request.url()),
    );
    // Scripts the page is still loading: the tracker is a chunk of its own, loaded when it starts.
    const loading = new Set<Request>();
    page.on("request", (request) => request.resourceType() === "script" && loading.add(request));
    page.on("requestfinished", (request) => loading.delete(request));
    page.on("requestfailed", (request) => loading.delete(request));
    // The dashboard asks for its figures from an effect, after hydration: a tracker on the page would
    // have asked for its idle moment by then.
    const figures = page.waitForResponse((response) => response.url().includes("/api/analytics?"));
    await page.goto("/analytics");
    await figures;
    // Past the tracker's start (on idle, 3 s at most) and the loading of any chunk it would bring, then
    // past the batch delay that would send its first page view.
    await page.clock.runFor(3100);
    await expect.poll(() => loading.size, { timeout: 15_000 }).toBe(0);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    await page.clock.runFor(1500);
    expect(await page.evaluate(() => localStorage.getItem("av_user_id"))).toBeNull();
    expect(requests).toEqual([]);
  });
});

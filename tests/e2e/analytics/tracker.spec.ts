import { expect, test, type Page } from "@playwright/test";
import {
  expectAllAccepted,
  settledEvents,
  StaffDashboard,
  watchTracker,
  type SentEvent,
} from "../support/analytics";

// What the tracker sends is read off the wire (request interception); what the server made of it,
// from the ingestion endpoint's answers and the staff dashboard API. The suite runs one test at a time
// against one app (workers: 1), so a change in the dashboard's figures during a test is that test's doing.

let dashboard: StaffDashboard;
test.beforeAll(async ({ baseURL }) => {
  dashboard = await StaffDashboard.open(baseURL!);
});
test.afterAll(async () => dashboard?.dispose());

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
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);

  await page.getByRole("link", { name: "Ver Nuestras Soluciones" }).click();
  // A tel: link would hand over to a phone app; keep the page where it is (the tracker listens earlier, in the capture phase).
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => (event.target as Element).closest('a[href^="tel:"]') && event.preventDefault(),
    ),
  );
  await page.getByRole("link", { name: /^Prueba nuestra recepcionista/ }).click();

  const events = await settledEvents(traffic, userId, 8);
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
  const views = pageViews(await settledEvents(traffic, userId, 3));
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
  // A moment more, so a stray extra view would show in what was sent and in the figures.
  await new Promise((resolve) => setTimeout(resolve, 2500));
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
  await settledEvents(traffic, userId, 1);
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

for (const [signal, script] of [
  [
    "Do Not Track",
    () => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }),
  ],
  [
    "Global Privacy Control",
    () => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  ],
] as const) {
  test(`with ${signal} set nothing is sent or stored`, async ({ page }) => {
    test.slow();
    await page.addInitScript(script);
    const traffic = watchTracker(page.context());
    const before = await dashboard.figures();

    await page.goto("/");
    // The tracker would have started by now (it waits for idle, 3 s at most).
    await page.waitForTimeout(4000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole("link", { name: "Ver Nuestras Soluciones" }).click();
    await page.waitForTimeout(1500);
    await page.goto("/en"); // a page hide, when the tracker would flush
    await page.waitForTimeout(1000);

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
  await expect
    .poll(() => warnings.filter((text) => text.includes("Analytics tracking error")).length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("the tracker never loads on the staff tools", async ({ page }) => {
  const requests: string[] = [];
  page.on(
    "request",
    (request) => request.url().includes("/api/analytics/event") && requests.push(request.url()),
  );
  await page.goto("/analytics");
  await page.waitForTimeout(4000);
  expect(await page.evaluate(() => localStorage.getItem("av_user_id"))).toBeNull();
  expect(requests).toEqual([]);
});

import { expect, test, type Page } from "@playwright/test";
import type pg from "pg";
import { connectAppDatabase } from "../support/app-database";

type StoredEvent = {
  event_type: string;
  path: string;
  page_title: string | null;
  source_channel: string;
  metadata: Record<string, unknown>;
};

let db: pg.Client;
test.beforeAll(async () => {
  test.skip(
    !process.env.TEST_DATABASE_URL,
    "checks the app's database, which needs TEST_DATABASE_URL",
  );
  db = await connectAppDatabase();
});
test.afterAll(async () => db?.end());

/** The visitor id the tracker stored, once it has started (it loads when the page is idle). */
async function trackedUserId(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("av_user_id")), { timeout: 15_000 })
    .toMatch(/^user_/);
  return (await page.evaluate(() => localStorage.getItem("av_user_id")))!;
}

async function storedEvents(userId: string): Promise<StoredEvent[]> {
  const result = await db.query<StoredEvent>(
    "SELECT event_type, path, page_title, source_channel, metadata FROM analytics_events WHERE user_id = $1 ORDER BY id",
    [userId],
  );
  return result.rows;
}

/** Polls until the stored events stop changing and returns them. */
async function settledEvents(userId: string, expectedCount: number): Promise<StoredEvent[]> {
  await expect
    .poll(async () => (await storedEvents(userId)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(expectedCount);
  // Give a stray duplicate the chance to show up before asserting "exactly".
  await new Promise((resolve) => setTimeout(resolve, 2500));
  return storedEvents(userId);
}

const summary = (events: StoredEvent[]) =>
  events.map((e) => {
    const detail =
      e.metadata.scroll_percent ??
      e.metadata.cta_text ??
      e.metadata.phone_number ??
      (e.event_type === "page_view" ? e.path : "");
    return `${e.event_type}:${String(detail)}`;
  });

test("a visit, a scroll to the bottom, a CTA click and a tel: click store exactly the expected events", async ({
  page,
}) => {
  test.slow();
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
  expect(await page.evaluate(() => sessionStorage.getItem("av_session_id"))).toMatch(
    /^session_[a-z0-9]+$/,
  );

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

  const events = await settledEvents(userId, 8);
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
  const camila = events.find((e) => e.event_type === "camila_click")!;
  expect(camila.metadata.button_text).toMatch(/^Prueba nuestra recepcionista con IA/);
  expect(events.find((e) => e.event_type === "page_view")).toMatchObject({
    source_channel: "direct",
    path: "/",
  });
  expect(
    await page.evaluate(() => (window as unknown as { __captured: string[] }).__captured),
  ).toEqual(["phone_click"]);
  expect(errors).toEqual([]);
});

test("each client-side route change, Back included, is one page view, and moves within the site are internal", async ({
  page,
}) => {
  test.slow();
  await page.goto("/");
  const userId = await trackedUserId(page);
  await page.locator('a[href="/solutions/voice-agents"]').first().click();
  await expect(page).toHaveURL(/\/solutions\/voice-agents$/);
  const solutionTitle = await page.title();
  await expect
    .poll(
      async () => (await storedEvents(userId)).filter((e) => e.event_type === "page_view").length,
      { timeout: 15_000 },
    )
    .toBe(2);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Clicking scrolls too, so wait for the page views themselves, then for any stray extra one.
  await expect
    .poll(
      async () => (await storedEvents(userId)).filter((e) => e.event_type === "page_view").length,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(3);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const views = (await storedEvents(userId)).filter((e) => e.event_type === "page_view");
  expect(views.map((e) => [e.path, e.source_channel])).toEqual([
    ["/", "direct"],
    ["/solutions/voice-agents", "internal"],
    ["/", "internal"],
  ]);
  // The title read is the new page's, not the one being left.
  expect(views[1]!.page_title).toBe(solutionTitle);
  expect(views[0]!.page_title).not.toBe(solutionTitle);
  expect(views[2]!.page_title).toBe(views[0]!.page_title);
});

test("Back to a page left by a full load counts one more view, whether the browser cached it or reloads it", async ({
  page,
}) => {
  test.slow();
  await page.goto("/");
  const userId = await trackedUserId(page);
  const viewCount = async () =>
    (await storedEvents(userId)).filter((e) => e.event_type === "page_view").length;
  await expect.poll(viewCount, { timeout: 15_000 }).toBe(1);
  await page.goto("/en");
  await expect.poll(viewCount, { timeout: 15_000 }).toBe(2);
  await page.goBack();
  await expect.poll(viewCount, { timeout: 15_000 }).toBe(3);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(
    (await storedEvents(userId)).filter((e) => e.event_type === "page_view").map((e) => e.path),
  ).toEqual(["/", "/en", "/"]);
});

test("a contact form submission is one form_submit with the field names, never what was typed", async ({
  page,
}) => {
  test.slow();
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

  const submits = async () =>
    (await storedEvents(userId)).filter((e) => e.event_type === "form_submit");
  await expect.poll(async () => (await submits()).length, { timeout: 15_000 }).toBe(1);
  const [submit] = await submits();
  expect(submit!.metadata).toMatchObject({ form_type: "home_form", page: "/" });
  expect(submit!.metadata.form_fields).toEqual(
    expect.arrayContaining(["name", "email", "company", "message"]),
  );
  expect(JSON.stringify(submit!.metadata)).not.toContain(email);
  expect(JSON.stringify(submit!.metadata)).not.toContain("Texto privado");
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
    const beacons: string[] = [];
    page.on(
      "request",
      (request) => request.url().includes("/api/analytics/event") && beacons.push(request.url()),
    );
    const before = Number(
      (await db.query<{ n: string }>("SELECT count(*) AS n FROM analytics_events")).rows[0]!.n,
    );

    await page.goto("/");
    // The tracker would have started by now (it waits for idle, 3 s at most).
    await page.waitForTimeout(4000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole("link", { name: "Ver Nuestras Soluciones" }).click();
    await page.waitForTimeout(1500);
    await page.goto("/en"); // a page hide, when the tracker would flush

    expect(await page.evaluate(() => localStorage.getItem("av_user_id"))).toBeNull();
    expect(beacons).toEqual([]);
    const after = Number(
      (await db.query<{ n: string }>("SELECT count(*) AS n FROM analytics_events")).rows[0]!.n,
    );
    expect(after).toBe(before);
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

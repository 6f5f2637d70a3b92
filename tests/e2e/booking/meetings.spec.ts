import { expect, test, type Page } from "@playwright/test";

// Booking a meeting on our own page, in both languages, on a phone and a laptop: a day, a time, the
// details, then the confirmation with the real booking; and the manage link cancelling it.

const VIEWPORTS = [
  { name: "phone", width: 360, height: 740 },
  { name: "laptop", width: 1366, height: 900 },
] as const;
const TEXT = {
  es: {
    path: "/book/strategy-session",
    title: "Sesión estratégica",
    name: "Nombre",
    email: "Correo electrónico",
    submit: "Reservar esta hora",
    host: "Con",
    cancel: "Cancelar la reunión",
    cancelled: /Tu reunión está cancelada/,
  },
  en: {
    path: "/en/book/strategy-session",
    title: "Strategy session",
    name: "Name",
    email: "E-mail",
    submit: "Book this time",
    host: "With",
    cancel: "Cancel the meeting",
    cancelled: /Your meeting is cancelled/,
  },
} as const;

const detail = (page: Page, term: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 3)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120));
    return { by: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow.by, overflow.wide.join(" | ")).toBeLessThanOrEqual(0);
}

for (const locale of ["es", "en"] as const) {
  for (const viewport of VIEWPORTS) {
    test(`books a strategy session (${locale}, ${viewport.name})`, async ({ page }, testInfo) => {
      const text = TEXT[locale];
      await page.setViewportSize(viewport);
      await page.goto(text.path);
      await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
      // The zone the browser reports is chosen for the visitor.
      await expect(page.getByTestId("time-zone")).not.toHaveValue("");
      const firstTime = page.getByTestId("free-time").first();
      await expect(firstTime).toBeVisible({ timeout: 15_000 });
      // Keyboard: focus the time and choose it with Enter.
      await firstTime.focus();
      await page.keyboard.press("Enter");
      await expect(firstTime).toHaveAttribute("aria-pressed", "true");
      const name = `Prueba ${locale} ${viewport.name}`;
      await page.getByLabel(text.name, { exact: true }).fill(name);
      await page
        .getByLabel(text.email, { exact: true })
        .fill(`${locale}.${viewport.name}.${Date.now()}@example.com`);
      await expectNoSideScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`book-${locale}-${viewport.name}.png`),
        fullPage: true,
      });

      await page.getByRole("button", { name: text.submit }).click();
      await expect(page).toHaveURL(/booking-confirmation\?id=AV-[A-Z0-9]{8}$/, { timeout: 15_000 });
      await expect(page.getByText(name).first()).toBeVisible();
      await expect(detail(page, text.host)).not.toBeEmpty();
      await page.screenshot({
        path: testInfo.outputPath(`confirmation-${locale}-${viewport.name}.png`),
        fullPage: true,
      });
      await expectNoSideScroll(page);
    });
  }

  test(`the manage link cancels the meeting once (${locale})`, async ({
    page,
    request,
  }, testInfo) => {
    const text = TEXT[locale];
    await page.setViewportSize({ width: 360, height: 740 });
    const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const slots = await request.get(
      `/api/meetings/slots?type=strategy-session&from=${from}&to=${to}&tz=Europe/Madrid`,
    );
    const { slots: free } = (await slots.json()) as { slots: { start: string }[] };
    const booked = await request.post("/api/meetings", {
      data: {
        type: "strategy-session",
        start: free[free.length - 1]!.start,
        name: "Link Test",
        email: `manage.${locale}.${Date.now()}@example.com`,
        lang: locale,
        time_zone: "Europe/Madrid",
      },
    });
    expect(booked.status()).toBe(201);
    const { manage_url } = (await booked.json()) as { manage_url: string };
    await page.goto(new URL(manage_url).pathname);
    await expect(page.getByTestId("meeting-when")).toContainText("Europe/Madrid");
    await page.screenshot({ path: testInfo.outputPath(`manage-${locale}.png`), fullPage: true });
    await page.getByRole("button", { name: text.cancel }).click();
    await expect(page.getByText(text.cancelled)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: text.cancel })).toHaveCount(0);
    await expectNoSideScroll(page);
    await page.screenshot({
      path: testInfo.outputPath(`manage-cancelled-${locale}.png`),
      fullPage: true,
    });
  });
}

// On a server with no mail server set (SMTP_URL, as the test server runs), the staff outbox says so once
// above the list, and each waiting message says it has not gone out yet in the staff language, instead of
// showing our own English text as "the mail server's answer". Both widths, both languages; screenshots
// under the test output.
import { expect, test } from "@playwright/test";
import { OWNER_STORAGE_STATE } from "../support/constants";

const TEXT = {
  en: {
    title: "Outbox",
    banner: "E-mail is not set up on this server yet",
    waiting: "Not sent yet: no mail server is set up.",
  },
  es: {
    title: "Bandeja de salida",
    banner: "El correo aún no está configurado en este servidor",
    waiting: "Aún sin enviar: no hay un servidor de correo configurado.",
  },
} as const;

for (const lang of ["en", "es"] as const) {
  test(`without a mail server, the outbox says messages wait for one, in ${lang}`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const text = TEXT[lang];
    // The owner through the run's stored session, in `lang` (the account's language, as the header's
    // switch sets it).
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      baseURL,
      storageState: OWNER_STORAGE_STATE,
    });
    await context.addCookies([{ name: "avanza_staff_lang", value: lang, url: baseURL! }]);
    const chosen = await context.request.put("/api/staff/language", {
      data: { lang },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(chosen.status()).toBe(200);
    const page = await context.newPage();
    await page.goto("/crm/outbox");
    await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();

    // A message through the contact form queues the new-lead alert; the worker's first attempt finds no
    // mail server.
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const name = `Wanda Waiting ${stamp}`;
    const sent = await page.request.post("/api/leads", {
      data: {
        source: "home_form",
        lang,
        name,
        email: `wanda.${stamp}@example.com`,
        message: "Hola.",
      },
    });
    expect(sent.status()).toBe(201);
    // The attempt is waited for through the outbox's API, then the page is loaded once to show it.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get("/api/staff/outbox");
          const { messages } = (await answer.json()) as {
            messages: { subject: string; last_error: string | null }[];
          };
          return messages.some((m) => m.subject.includes(name) && m.last_error !== null);
        },
        { timeout: 30_000, intervals: [250] },
      )
      .toBe(true);
    await page.reload();
    const card = page.locator("li", { hasText: name });
    await expect(card).toContainText(text.waiting);

    await expect(page.getByTestId("outbox-not-configured")).toContainText(text.banner);
    await expect(page.getByText("SMTP_URL is not set")).toHaveCount(0);
    for (const [size, viewport] of [
      ["1366", { width: 1366, height: 900 }],
      ["360", { width: 360, height: 740 }],
    ] as const) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath(`outbox-not-configured-${lang}-${size}.png`),
      });
    }
    await context.close();
  });
}

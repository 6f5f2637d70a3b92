// Issue 34: a prospect on a phone and on a desktop, in Spanish and in English, goes from the home page
// to a solution, into our own questionnaire in the page's language, sends it, and is offered the next
// step. Each key screen is saved under the test's output to be looked at.
// On the shared app: its own server, started only to raise the per-address lead limit, was redundant once the
// shared app raised it for every journey (LEADS_RATE_LIMIT_PER_ADDRESS in tests/e2e/support/start-server.ts).
import { randomUUID } from "node:crypto";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { completeQuestionnaire } from "../support/questionnaire";

const VIEWPORTS = [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

const LANGUAGES = {
  es: {
    home: "/",
    solution: "/solutions/voice-agents",
    getStarted: /^Empezar/,
    optin: "/optin/es",
    next: "Tu siguiente paso",
    article: "/blog/top-enterprise-ai-use-cases-2025",
    related: "Artículos relacionados",
    cta: "Conversemos",
  },
  en: {
    home: "/en",
    solution: "/en/solutions/voice-agents",
    getStarted: /^Get Started/,
    optin: "/optin",
    next: "Your next step",
    article: "/en/blog/top-enterprise-ai-use-cases-2025",
    related: "Related articles",
    cta: "Let's Talk",
  },
} as const;

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const viewport of VIEWPORTS) {
  for (const [lang, text] of Object.entries(LANGUAGES) as [
    keyof typeof LANGUAGES,
    (typeof LANGUAGES)[keyof typeof LANGUAGES],
  ][]) {
    test(`${viewport.name} ${viewport.width} px, ${lang}: home → solution → our questionnaire in ${lang} → thank-you → an article`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport: { width: viewport.width, height: viewport.height },
        locale: lang === "es" ? "es-ES" : "en-US",
        isMobile: viewport.name === "phone",
        hasTouch: viewport.name === "phone",
      });
      const page = await context.newPage();

      await page.goto(text.home);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await shoot(page, testInfo, "1-home");

      await page.locator(`#solutions a[href="${text.solution}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${text.solution}$`));
      await shoot(page, testInfo, "2-solution");

      const getStarted = page.getByRole("link", { name: text.getStarted });
      await expect(getStarted).toHaveAttribute("href", text.optin);
      await getStarted.click();
      await expect(page).toHaveURL(new RegExp(`${text.optin}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await shoot(page, testInfo, "3-questionnaire");

      await completeQuestionnaire(page, `journey.${lang}.${randomUUID().slice(0, 8)}@example.com`);
      const next = page.getByRole("region", { name: text.next });
      await expect(next).toBeVisible();
      // "No" to using AI and data in the cloud: the use-case article, in the visitor's language.
      const article = next.locator('a[href*="/blog/"]');
      await expect(article).toHaveAttribute("href", text.article);
      await shoot(page, testInfo, "4-thank-you");

      await article.click();
      await expect(page).toHaveURL(new RegExp(`${text.article}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const related = page.getByRole("region", { name: text.related });
      // Their covers load lazily: bring them into view so the screenshot shows them.
      await related.scrollIntoViewIfNeeded();
      await expect(related.locator('[data-state="loaded"]')).toHaveCount(2);
      // The article ends with a call to action into our own intake, in the same language.
      await expect(page.getByRole("link", { name: text.cta, exact: true })).toHaveAttribute(
        "href",
        text.optin,
      );
      await shoot(page, testInfo, "5-article");
      await context.close();
    });
  }
}

import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInOnLockScreen } from "../support/staff";

// The manager's view (issue 37): the per-salesperson table and the forecast on the dashboard, and the stage
// probabilities in the CRM settings, at phone and laptop widths in both languages.

const TEXT = {
  en: {
    sales: "Per salesperson",
    forecast: "Forecast",
    settings: "Stage limits and win probabilities",
  },
  es: {
    sales: "Por vendedor",
    forecast: "Previsión",
    settings: "Límites por etapa y probabilidades de ganar",
  },
} as const;

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const width of [360, 1366]) {
  test(`the per-salesperson table, the forecast and the stage probabilities at ${width} px`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/analytics?range=last30days");
    await signInOnLockScreen(page, { language: "es" });
    await expect(
      page.getByRole("heading", { level: 1, name: "Analytics de Avanza AI" }),
    ).toBeVisible();
    for (const lang of ["es", "en"] as const) {
      // The staff language, as the shell's switch keeps it (on phones that switch sits in the menu);
      // the CRM and the dashboard follow the same choice.
      await context.addCookies([
        { name: "avanza_staff_lang", value: lang, url: testInfo.project.use.baseURL! },
      ]);
      await page.goto("/analytics?range=last30days");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const sales = page.getByRole("region", { name: TEXT[lang].sales });
      await expect(sales.getByRole("table")).toBeVisible();
      const forecast = page.getByRole("region", { name: TEXT[lang].forecast });
      await expect(forecast.getByRole("table")).toBeVisible();
      await sales.scrollIntoViewIfNeeded();
      await shoot(page, testInfo, `analytics-sales-${lang}-${width}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);

      await page.goto("/crm?tab=pipeline");
      await page.getByText(TEXT[lang].settings).click();
      await expect(page.locator("#probability-Negotiation")).toBeVisible();
      await page.locator("#probability-Negotiation").scrollIntoViewIfNeeded();
      await shoot(page, testInfo, `crm-stage-probability-${lang}-${width}`);
    }
    await context.clearCookies();
  });
}

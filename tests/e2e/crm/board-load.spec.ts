import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { openCrmView, startSignedInAsOwner } from "../support/staff";

startSignedInAsOwner();

/** The API calls the page makes while `act` runs and until the board has settled. */
async function apiCallsDuring(page: Page, act: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url: () => string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${url.pathname}${url.search}`);
  };
  page.on("request", record);
  await act();
  await expect(page.locator("[data-stage] li[data-lead-id]").first()).toBeVisible();
  // Anything the board would still ask for is asked once its first answer has been drawn and its
  // effects have run: wait until the page is idle, then send a marker request of our own; the
  // browser reports requests in the order they are made, so every earlier one is recorded once the
  // marker is.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })),
  );
  const marker = `/api/health?board-settled=${Date.now()}`;
  const markerSeen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((path) => fetch(path).then(() => undefined), marker);
  await markerSeen;
  page.off("request", record);
  return calls.filter((call) => call !== marker);
}

test("the pipeline board's first load is one request, opened from the tab or from the address", async ({
  page,
}) => {
  await page.goto("/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  // A lead of our own, so the board has a card to show whatever the other tests left.
  await page.request.post("/api/crm/leads", {
    data: { name: `Board load ${Date.now().toString(36)}` },
    headers: { origin: new URL(page.url()).origin },
  });

  const fromTab = await apiCallsDuring(page, () => openCrmView(page, "Pipeline"));
  expect(fromTab).toEqual(["/api/crm/board?won_period=30d"]);

  const fromAddress = await apiCallsDuring(page, async () => {
    await page.goto("/crm?tab=pipeline");
  });
  expect(fromAddress).toEqual(["/api/crm/board?won_period=30d"]);

  // The stage limits (a manager's form, folded away) load only when opened.
  const opened = page.waitForRequest((request) => request.url().includes("/api/crm/settings"));
  await page.getByText("Stage limits and win probabilities").click();
  await opened;
});

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const width of [360, 1366]) {
  test(`the board and the lead list at ${width} px in English and Spanish`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/crm");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    for (const lang of ["en", "es"] as const) {
      if (lang === "es") {
        // On a phone the language switch is in the header's menu.
        if (width < 640) await page.getByRole("button", { name: "Menu", exact: true }).click();
        await page.getByRole("button", { name: "ES Español" }).click();
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
      }
      await page.goto("/crm");
      await expect(page.locator("table:visible, ul[aria-label]:visible").first()).toBeVisible();
      await shoot(page, testInfo, `crm-leads-${lang}-${width}`);
      await page.goto("/crm?tab=pipeline");
      await expect(page.locator("[data-stage]").first()).toBeVisible();
      await shoot(page, testInfo, `crm-board-${lang}-${width}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    }
    await context.clearCookies();
  });
}

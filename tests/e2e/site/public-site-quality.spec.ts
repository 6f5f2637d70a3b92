import { expect, test } from "@playwright/test";

// Issue 17: /optin as a first-class page; its globe. The server-side facts (the 404 without JavaScript, one
// origin, /optin's head tags) are read without a browser in tests/http/site/public-site-quality.spec.ts.

test.describe("/optin", () => {
  test("draws the globe at the screen's pixel ratio capped at 2", async ({ browser }) => {
    const context = await browser.newContext({ deviceScaleFactor: 3 });
    const page = await context.newPage();
    await page.goto("/optin");
    const canvas = page.locator("canvas");
    await canvas.scrollIntoViewIfNeeded();
    // A canvas is 300 px wide until the globe sizes it (once the page is idle): wait for the globe's own size,
    // twice the CSS width at a device pixel ratio of 3 (the cap), read as the difference so a failure shows it.
    await expect
      .poll(() => canvas.evaluate((node: HTMLCanvasElement) => node.width - node.offsetWidth * 2), {
        timeout: 15_000,
      })
      .toBe(0);
    await context.close();
  });

  test("draws no globe for visitors who prefer reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/optin");
    await page.getByRole("heading", { level: 2 }).first().scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await expect(page.locator("canvas")).toHaveCount(0);
    await context.close();
  });
});

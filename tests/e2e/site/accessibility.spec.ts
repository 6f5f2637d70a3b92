import { test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/accessibility";

const PAGES = [
  "/",
  "/en",
  "/solutions/voice-agents",
  "/en/solutions/voice-agents",
  "/blog",
  "/en/blog",
  "/blog/scaling-ai-beyond-the-pilot",
  "/en/blog/scaling-ai-beyond-the-pilot",
];

for (const colorScheme of ["light", "dark"] as const) {
  for (const path of PAGES) {
    test(`${path} has no axe-core violations in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto(path);
      // Bring lazy content (images, carousel) in, so it is checked as a visitor sees it.
      for (let y = 0; y < 14000; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(500);
      await expectNoAxeViolations(page);
    });
  }
}

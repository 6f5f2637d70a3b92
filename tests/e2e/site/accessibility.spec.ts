import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

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
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    });
  }
}

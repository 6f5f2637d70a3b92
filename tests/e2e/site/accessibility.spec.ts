import { test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/accessibility";
import { openSharedPage, renderDeferredParts, showColorScheme } from "../support/public-page";

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

// Each page is loaded once, its lazy content (images, carousel, player, form) brought in so it is checked as a
// visitor sees it, then checked in the light theme and, switched in place, in the dark one.
for (const path of PAGES) {
  test.describe(`${path}, loaded once for both themes`, () => {
    test.describe.configure({ mode: "serial" });
    let page: Page;

    test.beforeAll(async ({ browser }, testInfo) => {
      page = await openSharedPage(browser, testInfo);
      await page.goto(path);
      await renderDeferredParts(page);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const colorScheme of ["light", "dark"] as const) {
      test(`${path} has no axe-core violations in the ${colorScheme} theme`, async () => {
        await showColorScheme(page, colorScheme);
        await expectNoAxeViolations(page);
      });
    }
  });
}

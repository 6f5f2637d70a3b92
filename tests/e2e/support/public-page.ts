// The public pages defer some parts until they near the viewport: lazy images, the differentiators carousel,
// the featured video's player and the home page's contact form. A check of the page as a visitor sees it
// after scrolling (width, axe) first brings each of them near the viewport and waits for it to render,
// instead of scrolling in fixed steps and sleeping.
import {
  expect,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
} from "@playwright/test";

/** What renders only near the viewport, as it is before it has (the selectors the components set). */
const DEFERRED = [
  '[data-state="waiting"]', // components/ui/lazy-image.tsx
  '[data-carousel="static"]', // differentiators-carousel.tsx, replaced by Embla
  '[data-player="poster"]', // featured-video.tsx
  "#lead_form", // contact-form-when-visible.tsx, the form mounts inside
].join(", ");

/**
 * Scrolls each deferred part into view in turn, waits until it has rendered, then scrolls back to the top.
 * Parts already replaced by the time they are reached (the carousel's static slides), or hidden, are passed over.
 */
export async function renderDeferredParts(page: Page) {
  for (const part of await page.locator(DEFERRED).elementHandles()) {
    // Replaced already, or not shown at all (nothing a visitor could scroll to).
    if (!(await part.evaluate((element) => element.isConnected)) || !(await part.isVisible()))
      continue;
    await part.scrollIntoViewIfNeeded();
    await page.waitForFunction((node) => {
      const element = node as Element;
      if (!element.isConnected) return true;
      if (element.id === "lead_form") return element.querySelector("form") !== null;
      // An image has rendered once it has loaded or shown its "failed" box.
      return (
        !["waiting", "loading"].includes(element.getAttribute("data-state") ?? "") &&
        element.getAttribute("data-carousel") !== "static" &&
        element.getAttribute("data-player") !== "poster"
      );
    }, part);
    await part.dispose();
  }
  // Embla mounts as "loading" and marks itself "ready" once it has laid its slides out.
  await expect(page.locator('[data-carousel="loading"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Switches the page shown to `scheme` as the system preference would, without a reload: the theme follows the
 * preference live (lib/theme/theme-script.ts) and the header's switch follows the class. Use with reduced motion
 * so no colour is read half-way through a transition.
 */
export async function showColorScheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  const html = page.locator("html");
  await (scheme === "dark"
    ? expect(html).toHaveClass(/\bdark\b/)
    : expect(html).not.toHaveClass(/\bdark\b/));
  await expect(
    page.locator(`header [role="switch"][aria-checked="${scheme === "dark" ? "false" : "true"}"]`),
  ).toHaveCount(0);
}

/**
 * One page for the serial tests of a describe that check the same loaded state (axe in each scheme), opened in
 * its beforeAll with the project's address, screen and browser, with reduced motion (see showColorScheme) unless
 * `options` say otherwise.
 */
export async function openSharedPage(
  browser: Browser,
  testInfo: TestInfo,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    reducedMotion: "reduce",
    colorScheme: "light",
    ...options,
  });
  return context.newPage();
}

import { expect, test, type Page } from "@playwright/test";
import { indexablePublicPaths, publicPagePaths } from "@/lib/seo/public-pages";
import { routing } from "@/lib/i18n/routing";
import { openSharedPage, renderDeferredParts, showColorScheme } from "../support/public-page";
import { PHONE } from "../support/layout";

// Issue 34: no public page is wider than a 360 px phone, in either language, light or dark; since issue 61
// both schemes are checked on one load of the page.
// The pages come from the sitemap's own list, plus the 404 and the booking confirmation it leaves out.

const urls = [
  ...indexablePublicPaths().flatMap((path) =>
    routing.locales.map((locale) => publicPagePaths(path).byLocale[locale]),
  ),
  "/booking-confirmation",
  "/en/booking-confirmation",
  "/esta-pagina-no-existe",
  "/en/this-page-does-not-exist",
];

interface Offender {
  element: string;
  left: number;
  right: number;
  width: number;
}

/**
 * Every rendered element wider than the viewport, or sticking out past its right edge without an
 * ancestor that clips it (a carousel's track, an off-screen honeypot are clipped or left of 0).
 */
async function elementsWiderThanTheScreen(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const classes = (el.getAttribute("class") ?? "").split(/\s+/).slice(0, 4).join(".");
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ""} "${text}"`;
    };
    // Clipped by an ancestor that itself fits the screen (a carousel's viewport): nothing scrolls.
    const isClippedByAncestor = (el: Element) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false;
        if (getComputedStyle(parent).overflowX === "visible") continue;
        const box = parent.getBoundingClientRect();
        if (box.right <= viewport + 1 && box.width <= viewport + 1) return true;
      }
      return false;
    };
    const offenders: Offender[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "contents") continue;
      // Entirely left of the screen (the honeypot) scrolls nothing.
      if (rect.right <= 0) continue;
      const isTooWide = rect.width > viewport + 1 || rect.right > viewport + 1;
      if (isTooWide && !isClippedByAncestor(el)) {
        offenders.push({
          element: describe(el),
          left: Math.round(rect.left),
          right: Math.round(rect.right),
          width: Math.round(rect.width),
        });
      }
    }
    return offenders;
  });
}

/** Fails when an element or the document itself is wider than the screen, naming what is. */
async function expectNothingWiderThanTheScreen(page: Page, where: string) {
  const offenders = await elementsWiderThanTheScreen(page);
  expect(offenders, `elements wider than the screen on ${where}`).toEqual([]);
  const scroll = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(scroll.content, `sideways scroll on ${where}`).toBeLessThanOrEqual(scroll.viewport);
}

// Width does not depend on the colour scheme, but a dark rule could still push something out: each page is
// loaded once, checked in the light scheme, then switched to dark in place (the theme follows the system
// preference live, lib/theme/theme-script.ts) and checked again.
for (const url of urls) {
  test.describe(`${url} at 360 px, loaded once for both schemes`, () => {
    test.describe.configure({ mode: "serial" });
    let page: Page;

    test.beforeAll(async ({ browser }, testInfo) => {
      page = await openSharedPage(browser, testInfo, {
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
        reducedMotion: "no-preference",
      });
      await page.goto(url);
      await renderDeferredParts(page);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const colorScheme of ["light", "dark"] as const) {
      test(`${url} has no element wider than the screen and no sideways scroll in the ${colorScheme} scheme`, async () => {
        await showColorScheme(page, colorScheme);
        await expectNothingWiderThanTheScreen(page, `${url} (${colorScheme})`);
      });
    }
  });
}

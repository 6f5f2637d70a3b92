// Layout checks the staff walks share.
import { expect, type Page, type TestInfo } from "@playwright/test";

export const WIDE = { width: 1366, height: 900 };
export const PHONE = { width: 360, height: 740 };

/** Fails when the document or any element reaches past the screen's edges (clipped or scrolled parts aside). */
export async function expectNothingWider(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== "visible" && parent !== document.body) return true;
      }
      return false;
    };
    const wide = Array.from(document.querySelectorAll<HTMLElement>("body *"))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false; // hidden, or sr-only
        // Laid out but not shown (a closed <details>, visibility: hidden): not on the screen either.
        if (!element.checkVisibility({ visibilityProperty: true })) return false;
        return (box.right > width + 1 || box.left < -1) && !clipped(element);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).slice(0, 60)}`,
      );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      wide: wide.slice(0, 10),
    };
  });
  expect(found.scrollWidth, `${where}: the document is wider than the screen`).toBeLessThanOrEqual(
    found.innerWidth,
  );
  expect(found.wide, `${where}: elements past the screen's edge`).toEqual([]);
}

/**
 * The page at 1366 and at 360 px: nothing wider than the screen, and a full-page screenshot of each under the
 * test output (`{name}-1366.png`, `{name}-360.png`). Leaves the page at 1366 px.
 */
export async function shootAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of [
    ["1366", WIDE],
    ["360", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNothingWider(page, `${name} at ${size} px`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

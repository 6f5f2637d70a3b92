// Layout checks the staff walks share.
import { expect, type Page } from "@playwright/test";

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

import { expect, test, type Page } from "@playwright/test";
import { recordPayloads } from "../support/payloads";

// Issue 17: public links prefetch their page when the visitor shows intent (pointer, focus), not when
// they scroll into view (docs/performance.md, "What changed for speed in issue 17").

/** React has hydrated the header (its links carry React's props), so links in view could prefetch. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector("header a[href='/en']");
    return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

test("the blog's links in view fetch nothing until hovered or focused, then navigate on the client", async ({
  page,
}) => {
  const payloads = recordPayloads(page);
  await page.goto("/en/blog");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const articleLinks = page.locator("main article h2 a");
  await expect(articleLinks).toHaveCount(3);
  const [first, second] = await articleLinks.evaluateAll((links) =>
    links.map((link) => link.getAttribute("href")!),
  );
  // Header, language switcher and all three article cards are in view on a desktop screen.
  expect(payloads).toEqual([]);

  await articleLinks.nth(0).hover();
  await expect.poll(() => payloads).toContain(first);
  await articleLinks.nth(1).focus();
  await expect.poll(() => payloads).toContain(second);
  expect(payloads).not.toContain("/en");

  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  await articleLinks.nth(0).click();
  await expect(page).toHaveURL(first!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toBe(0);
});

// The language switch a person clicks. What the server renders in which language (lang, headings,
// redirects, the 404 pages) is read over HTTP in tests/http/platform/languages.spec.ts.
import { expect, test } from "@playwright/test";

test.describe("languages", () => {
  test("the EN/ES switch keeps the visitor on the same page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

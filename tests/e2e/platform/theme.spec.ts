import { expect, test, type Page } from "@playwright/test";

const THEME_KEY = "av_theme";
const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

test.describe("theme", () => {
  test("follows the system preference when nothing is stored, already at first paint", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    // Record the theme before any app JavaScript could run: the inline head script must set it.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { firstPaintDark: boolean }).firstPaintDark =
          document.documentElement.classList.contains("dark");
      });
    });
    await page.goto("/");
    expect(
      await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark),
    ).toBe(true);
  });

  test("follows a live change of the system preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => isDark(page)).toBe(true);
  });

  test("a stored choice wins over the system preference", async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "light"), THEME_KEY);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await isDark(page)).toBe(false);
  });

  test("choosing manually stores the theme, survives a reload and stops following the system", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/en");
    const toggle = page.getByRole("switch", { name: "Dark mode" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe("dark");

    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.emulateMedia({ colorScheme: "light" });
    expect(await isDark(page)).toBe(true);
  });
});

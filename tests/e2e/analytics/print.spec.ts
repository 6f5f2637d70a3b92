import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";

/** A4 at 96 dpi less the 12 mm margins of the print stylesheet. */
const A4_CONTENT_WIDTH = Math.floor(((210 - 24) / 25.4) * 96);

startSignedInAsOwner();

test("the dashboard prints to A4 with its figures and tables, without the header or the period buttons", async ({
  page,
}) => {
  test.slow();
  await page.goto("/analytics");
  const figures = page.getByTestId(/^figure-/);
  await expect(figures.first()).not.toHaveText("");
  await expect(page.locator(".recharts-surface").first()).toBeVisible();

  const figureTexts = (await figures.allTextContents()).map((text) => text.trim());
  const banner = page.getByRole("banner");
  const navTexts = [
    ...(await banner.getByRole("button").allInnerTexts()),
    ...(await page
      .getByRole("main")
      .getByRole("group")
      .first()
      .getByRole("button")
      .allInnerTexts()),
  ]
    .map((text) => text.trim())
    .filter((text) => text.length > 3);
  expect(navTexts.length).toBeGreaterThan(3);
  // The first cell of each row of the daily table: its dates, hidden on screen behind 'Show table'.
  const dailyDates = (await page.locator("details table tbody tr td:first-child").allTextContents())
    .map((text) => text.trim())
    .slice(0, 3);
  expect(dailyDates.length).toBeGreaterThan(0);

  // Laid out for print at the width of an A4 page, nothing runs past the right edge.
  await page.setViewportSize({ width: A4_CONTENT_WIDTH, height: 1100 });
  await page.emulateMedia({ media: "print" });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll("main *")].filter(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    return { scrollWidth: document.documentElement.scrollWidth, width, wider: wider.length };
  });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
  expect(overflow.wider).toBe(0);

  const file = path.join(mkdtempSync(path.join(tmpdir(), "dashboard-pdf-")), "dashboard.pdf");
  writeFileSync(file, await page.pdf({ format: "A4", preferCSSPageSize: true }));
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });

  for (const figure of figureTexts) expect(text).toContain(figure);
  for (const date of dailyDates) expect(text).toContain(date);
  for (const nav of navTexts) expect(text, `"${nav}" is printed`).not.toContain(nav);
});

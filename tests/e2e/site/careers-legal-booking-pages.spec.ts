import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { openSharedPage, showColorScheme } from "../support/public-page";

const STATIC_PAGES = [
  "/careers",
  "/careers/customer-success-manager",
  "/careers/content-creator-social-media",
  "/careers/video-editor",
  "/careers/ai-software-developer",
  "/privacy-policy",
  "/terms-and-conditions",
];
const PAGES = [...STATIC_PAGES, "/booking-confirmation?name=Ana&date=2025-10-02&time=10%3A00"];

// Each page is loaded once and checked in the light scheme, then switched to dark in place and checked again.
for (const path of PAGES) {
  for (const prefix of ["", "/en"]) {
    test.describe(`${prefix}${path}, loaded once for both schemes`, () => {
      test.describe.configure({ mode: "serial" });
      let page: Page;

      test.beforeAll(async ({ browser }, testInfo) => {
        page = await openSharedPage(browser, testInfo);
        await page.goto(`${prefix}${path}`);
      });
      test.afterAll(async () => {
        await page.context().close();
      });

      for (const scheme of ["light", "dark"] as const) {
        test(`${prefix}${path} has no axe violations (${scheme})`, async () => {
          await showColorScheme(page, scheme);
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
            .analyze();
          expect(
            results.violations.map(
              (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
            ),
          ).toEqual([]);
        });
      }
    });
  }
}

test("careers and legal pages are prerendered at build time in both languages", () => {
  const manifest = JSON.parse(readFileSync(".next/prerender-manifest.json", "utf8")) as {
    routes: Record<string, unknown>;
  };
  const expected = STATIC_PAGES.flatMap((path) => [`/es${path}`, `/en${path}`]);
  expect(Object.keys(manifest.routes)).toEqual(expect.arrayContaining(expected));
});

test("pages load without console errors", async ({ page }) => {
  const problems: string[] = [];
  page.on(
    "console",
    (message) => message.type() === "error" && problems.push(`${page.url()}: ${message.text()}`),
  );
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of PAGES) await page.goto(path);
  expect(problems).toEqual([]);
});

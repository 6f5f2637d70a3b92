import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

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

for (const path of PAGES) {
  for (const prefix of ["", "/en"]) {
    for (const scheme of ["light", "dark"] as const) {
      test(`${prefix}${path} has no axe violations (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${prefix}${path}`);
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

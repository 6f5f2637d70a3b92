// The accessibility check the public-page and staff specs run on each screen they reach: axe-core over WCAG 2.2 A
// and AA, failing with every violation's rule and elements so the report says what to fix.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails when axe finds a WCAG A/AA violation on the page as it is now; `where` names it in the report. */
export async function expectNoAxeViolations(page: Page, where = "") {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${where ? `${where} ` : ""}${violation.id}: ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    ),
  ).toEqual([]);
}

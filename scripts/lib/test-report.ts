// Reads the JSON reports of Vitest and Playwright into one list of test outcomes, checks skipped
// tests against the allow-list and writes the totals line `npm test` ends with.
import path from "node:path";
import type { JSONReport, JSONReportSuite } from "@playwright/test/reporter";
import type { JsonTestResults } from "vitest/reporters";

export type Outcome = "passed" | "failed" | "skipped";

export interface TestOutcome {
  /** The npm script that ran it (test:unit, test:integration, test:e2e). */
  suite: string;
  /** Path from the repository root. */
  file: string;
  /** Describe blocks and test title, joined by " › ". */
  title: string;
  outcome: Outcome;
  /** Why it was skipped, when the runner says. */
  note?: string;
  /** A Playwright test that ran in a browser (every project but `http`). */
  browser?: boolean;
}

export interface SuiteReport {
  suite: string;
  tests: TestOutcome[];
  /** Failures that belong to no test: a file that would not load, a web server that did not start. */
  errors: string[];
}

/** A test that may be skipped, and why; the reason must hold on every machine. */
export interface AllowedSkip {
  suite: string;
  file: string;
  title: string;
  reason: string;
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

export function readVitestReport(
  suite: string,
  report: JsonTestResults,
  root: string,
): SuiteReport {
  const tests: TestOutcome[] = [];
  const errors: string[] = [];
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name);
    // A file that failed to load has no tests to carry its failure.
    if (file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed"))
      errors.push(`${relative}: ${file.message || "failed outside any test"}`);
    for (const test of file.assertionResults)
      tests.push({
        suite,
        file: relative,
        title: [...test.ancestorTitles, test.title].join(" › "),
        outcome:
          test.status === "passed" ? "passed" : test.status === "failed" ? "failed" : "skipped",
      });
  }
  return { suite, tests, errors };
}

export function readPlaywrightReport(suite: string, report: JSONReport, root: string): SuiteReport {
  const tests: TestOutcome[] = [];
  const walk = (group: JSONReportSuite, titles: string[]) => {
    for (const spec of group.specs)
      for (const test of spec.tests) {
        const browser = test.projectName !== "http";
        const skip = test.annotations.find((a) => a.type === "skip" || a.type === "fixme");
        tests.push({
          suite,
          file: path.relative(root, path.join(report.config.rootDir, spec.file)),
          title: [...titles, spec.title].join(" › "),
          // A flaky test failed, then passed on its retry: it passed, and the list reporter says so above.
          browser,
          outcome:
            test.status === "expected" || test.status === "flaky"
              ? "passed"
              : test.status === "unexpected"
                ? "failed"
                : "skipped",
          note:
            test.status !== "skipped"
              ? undefined
              : test.results.length === 0
                ? "did not run"
                : skip?.description,
        });
      }
    for (const child of group.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are files, whose title is the file name: not part of a test's title.
  for (const file of report.suites) walk(file, []);
  return { suite, tests, errors: report.errors.map((error) => error.message ?? String(error)) };
}

/** Skipped tests that are not on the allow-list. */
export function unallowedSkips(tests: TestOutcome[], allowed: AllowedSkip[]): TestOutcome[] {
  return tests.filter(
    (test) =>
      test.outcome === "skipped" &&
      !allowed.some(
        (entry) =>
          entry.reason.trim() !== "" &&
          entry.suite === test.suite &&
          entry.file === test.file &&
          entry.title === test.title,
      ),
  );
}

export function countOutcomes(tests: TestOutcome[]): Totals {
  const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  for (const test of tests) totals[test.outcome]++;
  return totals;
}

/** The line `npm test` ends with, e.g. `1234 passed, 0 failed, 0 skipped`. */
export function totalsLine({ passed, failed, skipped }: Totals): string {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

import type { JSONReport } from "@playwright/test/reporter";
import type { JsonTestResults } from "vitest/reporters";
import { describe, expect, it } from "vitest";
import {
  countOutcomes,
  readPlaywrightReport,
  readVitestReport,
  totalsLine,
  unallowedSkips,
  type AllowedSkip,
} from "@/scripts/lib/test-report";

const root = "/repo";

// The parts of a Vitest JSON report the reader uses, shaped as Vitest writes them.
const vitestReport = (
  files: { name: string; status: string; message?: string; tests: [string[], string, string][] }[],
) =>
  ({
    testResults: files.map((file) => ({
      name: `${root}/${file.name}`,
      status: file.status,
      message: file.message ?? "",
      assertionResults: file.tests.map(([ancestorTitles, title, status]) => ({
        ancestorTitles,
        title,
        status,
        fullName: [...ancestorTitles, title].join(" "),
        failureMessages: [],
        meta: {},
      })),
    })),
  }) as unknown as JsonTestResults;

const playwrightTest = (
  status: string,
  results: string[],
  annotations: { type: string; description?: string }[] = [],
) => ({ status, annotations, results: results.map((result) => ({ status: result })) });

const playwrightReport = {
  config: { rootDir: `${root}/tests/e2e` },
  errors: [],
  suites: [
    {
      title: "analytics/tracker.spec.ts",
      file: "analytics/tracker.spec.ts",
      specs: [
        {
          title: "sends a page view",
          file: "analytics/tracker.spec.ts",
          tests: [playwrightTest("expected", ["passed"])],
        },
        {
          title: "retried once",
          file: "analytics/tracker.spec.ts",
          tests: [playwrightTest("flaky", ["failed", "passed"])],
        },
      ],
      suites: [
        {
          title: "with Do Not Track",
          file: "analytics/tracker.spec.ts",
          specs: [
            {
              title: "sends nothing",
              file: "analytics/tracker.spec.ts",
              tests: [
                playwrightTest(
                  "skipped",
                  ["skipped"],
                  [{ type: "skip", description: "needs TEST_DATABASE_URL" }],
                ),
              ],
            },
            {
              title: "breaks",
              file: "analytics/tracker.spec.ts",
              tests: [playwrightTest("unexpected", ["failed"])],
            },
            {
              title: "never ran",
              file: "analytics/tracker.spec.ts",
              tests: [playwrightTest("skipped", [])],
            },
          ],
        },
      ],
    },
  ],
} as unknown as JSONReport;

describe("test report", () => {
  it("reads Vitest's outcomes per test, with describe blocks in the title, and a file that would not load as an error", () => {
    const report = readVitestReport(
      "test:unit",
      vitestReport([
        {
          name: "tests/unit/a.test.ts",
          status: "failed",
          tests: [
            [["block"], "works", "passed"],
            [["block", "inner"], "breaks", "failed"],
            [[], "later", "skipped"],
            [[], "some day", "todo"],
          ],
        },
        {
          name: "tests/unit/b.test.ts",
          status: "failed",
          message: "Cannot find module 'x'",
          tests: [],
        },
      ]),
      root,
    );
    expect(report.tests.map((test) => [test.file, test.title, test.outcome])).toEqual([
      ["tests/unit/a.test.ts", "block › works", "passed"],
      ["tests/unit/a.test.ts", "block › inner › breaks", "failed"],
      ["tests/unit/a.test.ts", "later", "skipped"],
      ["tests/unit/a.test.ts", "some day", "skipped"],
    ]);
    expect(report.errors).toEqual(["tests/unit/b.test.ts: Cannot find module 'x'"]);
    expect(countOutcomes(report.tests)).toEqual({ passed: 1, failed: 1, skipped: 2 });
  });

  it("reads Playwright's outcomes: a flaky test passed, a test that did not run is skipped, a skip keeps its reason", () => {
    const report = readPlaywrightReport("test:e2e", playwrightReport, root);
    expect(report.tests.map((test) => [test.file, test.title, test.outcome, test.note])).toEqual([
      ["tests/e2e/analytics/tracker.spec.ts", "sends a page view", "passed", undefined],
      ["tests/e2e/analytics/tracker.spec.ts", "retried once", "passed", undefined],
      [
        "tests/e2e/analytics/tracker.spec.ts",
        "with Do Not Track › sends nothing",
        "skipped",
        "needs TEST_DATABASE_URL",
      ],
      ["tests/e2e/analytics/tracker.spec.ts", "with Do Not Track › breaks", "failed", undefined],
      [
        "tests/e2e/analytics/tracker.spec.ts",
        "with Do Not Track › never ran",
        "skipped",
        "did not run",
      ],
    ]);
    expect(totalsLine(countOutcomes(report.tests))).toBe("2 passed, 1 failed, 2 skipped");
  });

  it("lets a skip through only with a matching allow-list entry that gives a reason", () => {
    const { tests } = readPlaywrightReport("test:e2e", playwrightReport, root);
    const entry: AllowedSkip = {
      suite: "test:e2e",
      file: "tests/e2e/analytics/tracker.spec.ts",
      title: "with Do Not Track › sends nothing",
      reason: "a reason",
    };
    const titles = (allowed: AllowedSkip[]) => unallowedSkips(tests, allowed).map((t) => t.title);
    expect(titles([])).toEqual([
      "with Do Not Track › sends nothing",
      "with Do Not Track › never ran",
    ]);
    expect(titles([entry])).toEqual(["with Do Not Track › never ran"]);
    expect(titles([{ ...entry, reason: " " }])).toHaveLength(2);
    expect(titles([{ ...entry, suite: "test:unit" }])).toHaveLength(2);
    expect(titles([{ ...entry, file: "tests/e2e/other.spec.ts" }])).toHaveLength(2);
  });

  it("writes the totals as `N passed, N failed, N skipped`", () => {
    expect(totalsLine({ passed: 1234, failed: 0, skipped: 0 })).toBe(
      "1234 passed, 0 failed, 0 skipped",
    );
  });
});

// `npm test`'s test suites: runs each npm script named on the command line in turn (all of them, even
// after a failure), reads the JSON report each leaves, fails on a skipped test that is not on the
// allow-list (tests/allowed-skips.ts), and ends with one line of totals: `N passed, N failed, N skipped`.
// Each script's time and the counts go to .test-reports/phases.json too, for .ci/run's record line.
// Once `typecheck` has passed, the end-to-end build skips Next's own pass over the same types.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JSONReport } from "@playwright/test/reporter";
import type { JsonTestResults } from "vitest/reporters";
import { ALLOWED_SKIPS } from "@/tests/allowed-skips";
import {
  countOutcomes,
  readPlaywrightReport,
  readVitestReport,
  totalsLine,
  unallowedSkips,
  type SuiteReport,
  type Totals,
} from "./lib/test-report";

const root = process.cwd();
const reportDir = path.join(root, ".test-reports");
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: tsx scripts/run-tests.ts <npm script>...");
  process.exit(2);
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const problems: string[] = [];
const reports: SuiteReport[] = [];
let extraFailures = 0;
const started = Date.now();
const phaseSeconds: Record<string, number> = {};
let typesChecked = false;

// Scripts joined by "+" (e.g. `lint+typecheck`) run at once: single-threaded checks that each
// keep one core busy finish together on two. Their output is printed whole, one after the other.
for (const group of scripts) {
  const members = group.split("+");
  const groupStarted = Date.now();
  const runs = await Promise.all(members.map((script) => runScript(script, members.length > 1)));
  // Side by side, the group's own time is what the run spent on them, not the sum.
  if (members.length > 1) phaseSeconds[group] = Math.round((Date.now() - groupStarted) / 1000);
  for (const { script, code, signal, took, output } of runs) {
    if (output !== undefined) process.stdout.write(output);
    if (script === "typecheck" && code === 0) typesChecked = true;
    phaseSeconds[script] = Math.round(took / 1000);
    const reportFile = reportFileOf(script);
    const report = existsSync(reportFile) ? readReport(script, reportFile) : undefined;
    if (report) reports.push(report);
    const counts = report && countOutcomes(report.tests);
    for (const error of report?.errors ?? []) problems.push(`${script}: ${error}`);
    // A suite that failed without a failing test to show for it (no report, a load error, an error
    // between tests) still counts as one failure, so "0 failed" always means the run passed.
    if (code !== 0 && !counts?.failed) {
      extraFailures++;
      problems.push(
        `${script} exited with code ${signal ?? code}${report ? "" : " before reporting its tests"}`,
      );
    }
    // A check without per-test results (lint, test:html) adds nothing to the totals unless it fails.
    const outcome = counts
      ? totalsLine(counts)
      : code === 0
        ? "passed (no per-test report)"
        : "failed";
    console.log(`\n${script}: ${outcome} (${seconds(took)})\n`);
  }
}

function reportFileOf(script: string): string {
  return path.join(reportDir, `${script.replaceAll(/[^\w-]/g, "_")}.json`);
}

interface ScriptRun {
  script: string;
  code: number;
  signal: NodeJS.Signals | null;
  took: number;
  /** What it printed, when it ran beside others (otherwise it printed as it went). */
  output?: string;
}

function runScript(script: string, besideOthers: boolean): Promise<ScriptRun> {
  mkdirSync(reportDir, { recursive: true });
  const reportFile = reportFileOf(script);
  rmSync(reportFile, { force: true });
  const scriptStarted = Date.now();
  const child = spawn("npm", ["run", script], {
    stdio: besideOthers ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      TEST_JSON_REPORT: reportFile,
      ...(typesChecked && { TYPES_CHECKED: "1" }),
    },
  });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on("close", (code, signal) =>
      resolve({
        script,
        code: code ?? 1,
        signal,
        took: Date.now() - scriptStarted,
        output: besideOthers ? Buffer.concat(chunks).toString() : undefined,
      }),
    ),
  );
}

const tests = reports.flatMap((report) => report.tests);
for (const test of unallowedSkips(tests, ALLOWED_SKIPS))
  problems.push(
    `skipped without an entry in tests/allowed-skips.ts: [${test.suite}] ${test.file} › ${test.title}${test.note ? ` (${test.note})` : ""}`,
  );

const totals: Totals = countOutcomes(tests);
totals.failed += extraFailures;
if (problems.length > 0) console.log(problems.map((problem) => `✘ ${problem}`).join("\n"));
console.log(`Test suites took ${seconds(Date.now() - started)}.`);
writeFileSync(
  path.join(reportDir, "phases.json"),
  JSON.stringify({
    seconds: phaseSeconds,
    tests: tests.filter((test) => test.outcome !== "skipped").length,
    browserTests: tests.filter((test) => test.browser && test.outcome !== "skipped").length,
    totals,
  }),
);
console.log(totalsLine(totals));
process.exit(totals.failed > 0 || problems.length > 0 ? 1 : 0);

function readReport(script: string, file: string): SuiteReport {
  const json = JSON.parse(readFileSync(file, "utf8")) as JsonTestResults | JSONReport;
  return "testResults" in json
    ? readVitestReport(script, json, root)
    : readPlaywrightReport(script, json, root);
}

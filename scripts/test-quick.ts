// `npm run test:quick`: the inner loop, most failures in minutes. Lint and format of the changed files,
// the whole type check, every unit test, and the integration files of the features the change touches:
// each changed file's feature folder (lib/<feature>, app/api/<feature>, components/<feature>, the
// tests' own folders) plus every integration file that imports a changed file (`vitest related`).
// A change to the foundations every feature stands on (the database, the front door, the test
// support) runs the whole integration suite. `npm test` stays the whole truth; CI runs it.
//   npm run test:quick                changes since the upstream branch, plus uncommitted ones
//   npm run test:quick -- --base REV  changes since REV, plus uncommitted ones
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { integrationTargets, type IntegrationTargets } from "./lib/quick-targets";

const root = process.cwd();
const started = Date.now();

function git(args: string[]): string | null {
  const run = spawnSync("git", args, { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
}

function baseRevision(): string {
  const flag = process.argv.indexOf("--base");
  if (flag !== -1 && process.argv[flag + 1]) return process.argv[flag + 1]!;
  const upstream = git(["merge-base", "HEAD", "@{upstream}"]);
  return upstream || "HEAD";
}

function changedFiles(base: string): string[] {
  const lines = [
    git(["diff", "--name-only", base]) ?? "",
    git(["ls-files", "--others", "--exclude-standard"]) ?? "",
  ].join("\n");
  return [...new Set(lines.split("\n").filter(Boolean))].filter((file) =>
    existsSync(path.join(root, file)),
  );
}

const steps: { name: string; seconds: number; ok: boolean }[] = [];
function step(name: string, command: string, args: string[]) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const run = spawnSync(command, args, { stdio: "inherit" });
  const ok = run.status === 0;
  steps.push({ name, seconds: Math.round((Date.now() - stepStarted) / 1000), ok });
  return ok;
}

const base = baseRevision();
const changed = changedFiles(base);
console.log(`test:quick: ${changed.length} file(s) changed since ${base}`);

const lintable = changed.filter((file) => /\.(c|m)?(t|j)sx?$/.test(file));
if (lintable.length) step("lint", "npx", ["eslint", "--max-warnings=0", ...lintable]);
if (changed.length)
  step("format", "npx", [
    "prettier",
    "--check",
    "--ignore-unknown",
    "--log-level",
    "warn",
    ...changed,
  ]);
step("typecheck", "npm", ["run", "--silent", "typecheck"]);
step("unit", "npx", ["vitest", "run", "--project", "unit"]);

const features = readdirSync(path.join(root, "tests/integration"));
const targets: IntegrationTargets = integrationTargets(changed, features);
if (targets.everything) {
  console.log(
    `\nThe change touches the foundations (${targets.reason}): the whole integration suite.`,
  );
  step("integration", "npx", ["vitest", "run", "--project", "integration"]);
} else {
  const sources = changed.filter((file) => /\.(t|j)sx?$/.test(file) && !file.startsWith("tests/"));
  const folders = targets.folders.map((feature) => `tests/integration/${feature}/`);
  console.log(
    `\nIntegration: ${folders.length ? folders.join(", ") : "no feature folder"}${
      sources.length ? ", and every integration file importing a changed source file" : ""
    }.`,
  );
  if (folders.length || sources.length) {
    // `vitest related` takes the source files and runs the test files that import them; the feature
    // folders' own test files are named too, so they run whatever they import.
    const testFiles = folders.flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith(".test.ts"))
        .map((file) => path.join(folder, file)),
    );
    step("integration", "npx", [
      "vitest",
      "related",
      "--run",
      "--project",
      "integration",
      "--passWithNoTests",
      ...sources,
      ...testFiles,
    ]);
  }
}

console.log("\ntest:quick");
for (const { name, seconds, ok } of steps)
  console.log(`  ${ok ? "✓" : "✘"} ${name.padEnd(12)} ${seconds} s`);
console.log(`  took ${Math.round((Date.now() - started) / 1000)} s; \`npm test\` runs everything.`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);

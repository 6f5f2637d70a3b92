import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

/**
 * Every benchmark writes its run to `bench/results/<date>-<name>.md` (a later run the same day to
 * `<date>-<name>-<HHMM>.md`: a run never replaces another): the reader of docs/performance.md or
 * docs/scaling.md follows a link to the run behind a figure and finds the machine, the load, the
 * commit, the command and its BENCH_* settings beside the table, so runs can be compared and repeated.
 */
export interface RunRecord {
  /** File-name part and title, e.g. "scale-out" or "crm-search". */
  name: string;
  /** What a reader types to repeat the run, e.g. "npm run bench:scale-out". */
  command: string;
  /** What else ran on the machine during the run, in a sentence (the figures depend on it). */
  alsoRunning: string;
  /** The bench's printed output (tables), kept verbatim. */
  output: string;
  /** The bench's one machine-readable summary line. */
  summaryLine: string;
  /** Optional prose after the output: what the figures show and what they do not. */
  notes?: string;
}

function commitOf(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      encoding: "utf8",
    }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return "unknown";
  }
}

function machineOf(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? "unknown CPU";
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `${cores.length} × ${model}, ${memory}, Node ${process.versions.node}, ${process.platform}`;
}

/** The BENCH_* knobs the run was given, as a reader would type them (addresses and secrets left out). */
export function benchSettingsOf(env: Record<string, string | undefined> = process.env): string {
  return Object.keys(env)
    .filter((key) => key.startsWith("BENCH_") && !/URL|PASSWORD|SECRET|TOKEN/.test(key))
    .sort()
    .map((key) => `${key}=${env[key]}`)
    .join(" ");
}

/** The file names a run started at `startedAt` may take, in order: the day's, then the minute's. */
function candidateNames(name: string, startedAt: Date): string[] {
  const date = startedAt.toISOString().slice(0, 10);
  const minute = startedAt.toISOString().slice(11, 16).replace(":", "");
  return [
    `${date}-${name}.md`,
    `${date}-${name}-${minute}.md`,
    ...Array.from({ length: 8 }, (_, i) => `${date}-${name}-${minute}-${i + 2}.md`),
  ];
}

/** Writes the run's file, never over an earlier run's, and returns its path relative to `root`. */
export function recordRun(record: RunRecord, startedAt = new Date(), root = process.cwd()): string {
  const settings = benchSettingsOf();
  const lines = [
    `# ${record.name}: run of ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `- Command: \`${record.command}\``,
    ...(settings ? [`- Settings: \`${settings}\``] : []),
    `- Commit: \`${commitOf()}\``,
    `- Machine: ${machineOf()}`,
    `- Load average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
    `- Also running: ${record.alsoRunning}`,
    "",
    "```",
    record.output.trimEnd(),
    "```",
    "",
    "Summary line:",
    "",
    "```",
    record.summaryLine,
    "```",
    "",
    ...(record.notes ? [record.notes.trim(), ""] : []),
  ];
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  for (const name of candidateNames(record.name, startedAt)) {
    const relative = path.join("bench", "results", name);
    try {
      writeFileSync(path.join(root, relative), lines.join("\n"), { flag: "wx" });
      return relative;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`bench/results already holds ten ${record.name} runs of this minute`);
}

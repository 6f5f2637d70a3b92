import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

/**
 * Every benchmark writes its run to `bench/results/<date>-<name>.md`: the reader of docs/performance.md
 * or docs/scaling.md follows a link to the run behind a figure and finds the machine, the load, the
 * commit and the command beside the table, so runs can be compared and repeated.
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

/** Writes the run's file and returns its path relative to the repository. */
export function recordRun(record: RunRecord, startedAt = new Date()): string {
  const date = startedAt.toISOString().slice(0, 10);
  const relative = path.join("bench", "results", `${date}-${record.name}.md`);
  const file = path.join(process.cwd(), relative);
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = [
    `# ${record.name}: run of ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `- Command: \`${record.command}\``,
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
  writeFileSync(file, lines.join("\n"));
  return relative;
}

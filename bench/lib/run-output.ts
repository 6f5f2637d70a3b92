import { recordRun } from "./run-record";
import { format } from "node:util";

/**
 * Keeps what a benchmark prints (console.log) while still printing it, so the run's result file holds
 * the same text the terminal showed. Call once at the start of main.
 */
export function captureOutput(): { text(): string } {
  const lines: string[] = [];
  const print = console.log.bind(console);
  console.log = (...parts: unknown[]) => {
    lines.push(format(...parts));
    print(...parts);
  };
  return { text: () => lines.join("\n") };
}

/** What else ran on the machine, as the person starting the run states it (the figures depend on it). */
export function alsoRunning(): string {
  return (
    process.env.BENCH_ALSO_RUNNING ||
    "not stated (set BENCH_ALSO_RUNNING to say what else ran on the machine)"
  );
}

/**
 * Runs a benchmark's main function, then writes its run to bench/results (recordRun) with everything it
 * printed, and prints the one machine-readable summary line that `main` returns as the very last line.
 */
export async function runRecorded(
  record: { name: string; command: string; notes?: string },
  main: () => Promise<string> | string,
): Promise<void> {
  const output = captureOutput();
  const startedAt = new Date();
  const summaryLine = await main();
  const file = recordRun(
    { ...record, alsoRunning: alsoRunning(), output: output.text(), summaryLine },
    startedAt,
  );
  console.log(`run written to ${file}`);
  console.log(summaryLine);
}

// A bench run's record (bench/results): a second run on the same day must not replace the first, whose
// figures docs/performance.md may link to, and the record says which BENCH_* knobs the run was given.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { benchSettingsOf, recordRun } from "@/bench/lib/run-record";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const run = (output: string) => ({
  name: "trust-flood",
  command: "npm run bench:trust-flood",
  alsoRunning: "nothing else",
  output,
  summaryLine: `trust-flood: ${output}`,
});

describe("recordRun", () => {
  it("keeps every run of a day, each in its own file", () => {
    const root = mkdtempSync(path.join(tmpdir(), "bench-record-"));
    roots.push(root);
    const first = recordRun(run("first"), new Date("2026-11-28T07:43:00Z"), root);
    const second = recordRun(run("second"), new Date("2026-11-28T18:03:00Z"), root);
    const third = recordRun(run("third"), new Date("2026-11-28T18:03:30Z"), root);

    expect(first).toBe(path.join("bench", "results", "2026-11-28-trust-flood.md"));
    expect(second).toBe(path.join("bench", "results", "2026-11-28-trust-flood-1803.md"));
    expect(third).toBe(path.join("bench", "results", "2026-11-28-trust-flood-1803-2.md"));
    expect(readdirSync(path.join(root, "bench", "results"))).toHaveLength(3);
    expect(readFileSync(path.join(root, first), "utf8")).toContain("trust-flood: first");
    expect(readFileSync(path.join(root, second), "utf8")).toContain("trust-flood: second");
  });

  it("names the BENCH_* settings of the run, leaving out addresses and secrets", () => {
    expect(
      benchSettingsOf({
        BENCH_WARM_SECONDS: "8",
        BENCH_RUNS: "2",
        BENCH_DATABASE_URL: "postgresql://bench:hunter2@db/bench",
        PATH: "/usr/bin",
      }),
    ).toBe("BENCH_RUNS=2 BENCH_WARM_SECONDS=8");
    expect(benchSettingsOf({ PATH: "/usr/bin" })).toBe("");
  });
});

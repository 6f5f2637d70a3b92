// A fixed CPU share per app instance through the kernel's CPU quota, as container runtimes set it:
// cgroup v2 `cpu.max` where the cpu controller is on the unified hierarchy, else cgroup v1
// `cpu.cfs_quota_us`. Needs root. When neither can be set the caller is told why, never silently.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const PERIOD_US = 100_000;
const GROUP_NAME = "avanza-scale-out";

export interface CpuQuotaGroup {
  /** "cgroup v2 cpu.max" or "cgroup v1 cpu.cfs_quota_us". */
  mechanism: string;
  directory: string;
  /** Moves every process of `processGroup` (a detached child and all it spawned) into the group. */
  confine(processGroup: number): number;
  /** Periods in which the group ran out of its quota, out of the periods it ran (since it was made). */
  throttling(): { periods: number; throttled: number };
  remove(): void;
}

function v2Root(): string | null {
  const root = "/sys/fs/cgroup";
  const controllers = path.join(root, "cgroup.controllers");
  if (!existsSync(controllers)) return null;
  return readFileSync(controllers, "utf8").split(/\s+/).includes("cpu") ? root : null;
}

function v1Root(): string | null {
  for (const candidate of ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"])
    if (existsSync(path.join(candidate, "cpu.cfs_quota_us"))) return candidate;
  return null;
}

function processesOf(processGroup: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === processGroup) pids.push(Number(entry));
    } catch {
      // ended while we read it
    }
  }
  return pids;
}

function readStat(directory: string): Map<string, number> {
  return new Map(
    readFileSync(path.join(directory, "cpu.stat"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" ") as [string, string])
      .map(([key, value]) => [key, Number(value)]),
  );
}

/**
 * A new group `name` limited to `cores` of one core (0.25 = "25000 100000"). Throws with the reason
 * when the machine offers neither cgroup v2's cpu controller nor v1's, or when writing is refused.
 */
export function createCpuQuotaGroup(name: string, cores: number): CpuQuotaGroup {
  const quota = Math.round(cores * PERIOD_US);
  const v2 = v2Root();
  if (v2) {
    // The cpu controller must be enabled for the children of each level on the way down.
    writeFileSync(path.join(v2, "cgroup.subtree_control"), "+cpu");
    const parent = path.join(v2, GROUP_NAME);
    mkdirSync(parent, { recursive: true });
    writeFileSync(path.join(parent, "cgroup.subtree_control"), "+cpu");
    const directory = path.join(parent, name);
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, "cpu.max"), `${quota} ${PERIOD_US}`);
    return group("cgroup v2 cpu.max", directory, "nr_periods", "nr_throttled", parent);
  }
  const v1 = v1Root();
  if (v1) {
    const parent = path.join(v1, GROUP_NAME);
    const directory = path.join(parent, name);
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, "cpu.cfs_period_us"), String(PERIOD_US));
    writeFileSync(path.join(directory, "cpu.cfs_quota_us"), String(quota));
    return group("cgroup v1 cpu.cfs_quota_us", directory, "nr_periods", "nr_throttled", parent);
  }
  throw new Error(
    "neither cgroup v2 with the cpu controller (/sys/fs/cgroup/cgroup.controllers) nor cgroup v1's cpu hierarchy (/sys/fs/cgroup/cpu) is available",
  );
}

function group(
  mechanism: string,
  directory: string,
  periodsKey: string,
  throttledKey: string,
  parent: string,
): CpuQuotaGroup {
  return {
    mechanism,
    directory,
    confine(processGroup) {
      const pids = processesOf(processGroup);
      for (const pid of pids) {
        try {
          writeFileSync(path.join(directory, "cgroup.procs"), String(pid));
        } catch (error) {
          // A process that ended in between cannot be moved; any other refusal is a failure.
          if (existsSync(`/proc/${pid}`)) throw error;
        }
      }
      const inside = new Set(
        readFileSync(path.join(directory, "cgroup.procs"), "utf8").trim().split("\n").map(Number),
      );
      const missing = processesOf(processGroup).filter((pid) => !inside.has(pid));
      if (missing.length > 0)
        throw new Error(`processes ${missing.join(", ")} not in ${directory}`);
      return inside.size;
    },
    throttling() {
      const now = readStat(directory);
      return {
        periods: now.get(periodsKey) ?? 0,
        throttled: now.get(throttledKey) ?? 0,
      };
    },
    remove() {
      for (const dir of [directory, parent]) {
        try {
          rmdirSync(dir);
        } catch {
          // still has processes that are exiting, or (the parent) other groups
        }
      }
    },
  };
}

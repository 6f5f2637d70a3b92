// CPU time per process group while a benchmark loads the app, read from /proc (Linux only). On a machine
// with few cores the question "would another app instance help?" is answered by where the CPU went:
// if PostgreSQL and the load generator already use most of it, no number of instances can add much.
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export type CpuGroup = "app" | "postgres" | "load generator" | "other";

interface ProcessTicks {
  pid: number;
  processGroup: number;
  ticks: number;
  command: string;
}

function readProcesses(): ProcessTicks[] {
  const processes: ProcessTicks[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      processes.push({
        pid: Number(entry),
        processGroup: Number(fields[2]),
        ticks: Number(fields[11]) + Number(fields[12]),
        command: readFileSync(`/proc/${entry}/cmdline`, "utf8"),
      });
    } catch {
      // the process ended while we read it
    }
  }
  return processes;
}

/**
 * Starts counting CPU time by group: processes in `appProcessGroups` (apps started detached, so their
 * group id is the spawned pid), PostgreSQL's processes, this process (the load generator) and the rest
 * of the machine. `stop()` returns each group's average use in percent of one core.
 */
export function measureCpu(appProcessGroups: number[]): { stop(): Map<CpuGroup, number> } {
  const groupOf = (process: ProcessTicks): CpuGroup =>
    appProcessGroups.includes(process.processGroup)
      ? "app"
      : process.command.startsWith("postgres")
        ? "postgres"
        : process.pid === globalThis.process.pid
          ? "load generator"
          : "other";
  const before = new Map(readProcesses().map((process) => [process.pid, process.ticks]));
  const startedAt = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - startedAt) / 1000;
      const used = new Map<CpuGroup, number>([
        ["app", 0],
        ["postgres", 0],
        ["load generator", 0],
        ["other", 0],
      ]);
      for (const process of readProcesses()) {
        // A process born during the window counts from zero.
        const ticks = process.ticks - (before.get(process.pid) ?? 0);
        const group = groupOf(process);
        used.set(group, used.get(group)! + (ticks / TICKS_PER_SECOND / seconds) * 100);
      }
      return used;
    },
  };
}

/** "app 60%, postgres 98%, load generator 13%, other 4% of one core (2 cores = 200%)". */
export function formatCpu(used: Map<CpuGroup, number>): string {
  const parts = [...used].map(([group, percent]) => `${group} ${percent.toFixed(0)}%`);
  return `${parts.join(", ")} of one core (${availableParallelism()} cores = ${availableParallelism() * 100}%)`;
}

export function totalCpu(used: Map<CpuGroup, number>): number {
  return [...used.values()].reduce((sum, percent) => sum + percent, 0);
}

import { spawn, type ChildProcess } from "node:child_process";
import { readBuildSiteUrl } from "./site-origin";

export interface RunningApp {
  baseUrl: string;
  /** Milliseconds from spawning `npm start`'s wrapper to the first healthy answer. */
  coldStartMs: number;
  process: ChildProcess;
  /** Sends SIGINT (as Ctrl-C would) and resolves with the exit code once the whole process group is gone. */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** Starts the production server through scripts/run-app.ts, in its own process group, and waits until /api/health answers 200. */
export async function startApp({
  port,
  env,
  timeoutMs = 120_000,
}: {
  port: number;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<RunningApp> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
    env: {
      // The origin the build was made with unless the caller sets one (a differing one is refused).
      SITE_URL: readBuildSiteUrl() || undefined,
      ...env,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    if (Date.now() > deadline) {
      killGroup(child.pid!, "SIGKILL");
      throw new Error(`the app was not healthy within ${timeoutMs} ms`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const coldStartMs = performance.now() - startedAt;

  const stop = async (stopTimeoutMs = 30_000) => {
    killGroup(child.pid!, "SIGINT");
    const timer = setTimeout(() => killGroup(child.pid!, "SIGKILL"), stopTimeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return { baseUrl, coldStartMs, process: child, stop };
}

/** Whether any process of the group led by `pid` is still alive. */
export function isGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

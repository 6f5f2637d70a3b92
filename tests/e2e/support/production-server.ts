// A production server of a spec's own: the front door `npm start` runs (scripts/front-door-server.ts)
// on the e2e run's build, on a port and with settings only that spec uses. For specs that must kill,
// restart or starve their app (crash, database down, a mail server that comes and goes), which the
// shared app of tests/e2e/support/start-server.ts cannot be put through.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** Starts the server on 127.0.0.1:`port` with `env` over the runner's environment, in production. */
export function startProductionServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(process.cwd(), "scripts/front-door-server.ts"),
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    { stdio: "ignore", env: { ...process.env, ...env, NODE_ENV: "production" } },
  );
}

/**
 * Resolves once `baseUrl` answers its health check: with 200 by default, or with any status when
 * `whateverTheDatabaseSays` (the check answers 503 while PostgreSQL is unreachable).
 */
export async function waitUntilServing(
  baseUrl: string,
  { whateverTheDatabaseSays = false, timeoutMs = 90_000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok || whateverTheDatabaseSays) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app at ${baseUrl} did not start`);
    // A short interval: the spec waits on this, and a refused connection costs next to nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

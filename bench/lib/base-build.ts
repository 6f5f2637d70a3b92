// An earlier commit's production build beside this one, for benchmarks that compare the two in one run.
// The commit is exported with `git archive` into a cache folder under the system's temp dir, installed and
// built there once (niced: others may be measuring on the same machine), then reused.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FreshDatabase } from "@/tests/support/database";
import { benchAppEnv } from "./bench-harness";

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

/** The short hash of `ref` in this repository. */
export function shortCommit(ref: string): string {
  const commit = spawnSync("git", ["rev-parse", "--short", ref], {
    encoding: "utf8",
  }).stdout.trim();
  if (!commit) throw new Error(`unknown BASE_REF ${ref}`);
  return commit;
}

/** The earlier commit's tree, installed and built once (cached by commit). */
export function prepareBaseBuild(ref: string, siteUrl: string): string {
  const commit = shortCommit(ref);
  const dir = path.join(tmpdir(), `avanza-bench-base-${commit}`);
  if (existsSync(path.join(dir, ".next/BUILD_ID"))) return dir;
  mkdirSync(dir, { recursive: true });
  console.log(`building ${commit} in ${dir} (first run only)…`);
  const archive = spawnSync("sh", ["-c", `git archive ${commit} | tar -x -C "${dir}"`], {
    stdio: "inherit",
  });
  if (archive.status !== 0) throw new Error("git archive failed");
  run("nice", ["-n", "19", "npm", "install", "--no-audit", "--no-fund"], dir);
  run("nice", ["-n", "19", "npm", "run", "build"], dir, {
    ...process.env,
    SITE_URL: siteUrl,
    // The earlier commit may predate staff accounts and still need the shared staff password.
    CRM_PASSWORD: "bench-staff-password",
    NEXT_TELEMETRY_DISABLED: "1",
  });
  return dir;
}

/** Stops the earlier build; `processGroup` is its detached process group (for CPU accounting). */
export type StopBaseApp = (() => Promise<void>) & { processGroup: number };

/**
 * The earlier build's own `npm start` on `port`, on its own database (migrated by its own migration
 * runner). Resolves once healthy, with a function that stops it.
 */
export async function startBaseApp(
  dir: string,
  database: FreshDatabase,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<StopBaseApp> {
  run("npx", ["tsx", "scripts/db/migrate.ts"], dir, { ...process.env, DATABASE_URL: database.url });
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
    cwd: dir,
    env: {
      ...benchAppEnv(database.url, extraEnv),
      // An earlier commit from before staff accounts starts only with the shared staff password.
      CRM_PASSWORD: "bench-staff-password",
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the earlier build exited before it was ready");
    if (Date.now() > deadline) throw new Error("the earlier build did not become healthy");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGINT");
    } catch {
      // already gone
    }
    await new Promise((resolve) => child.once("exit", resolve));
  };
  return Object.assign(stop, { processGroup: child.pid! });
}

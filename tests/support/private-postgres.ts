import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FreshDatabase } from "./database";
import { createFreshDatabase, createMigratedDatabase, migrated } from "./database";

/**
 * A database on a real PostgreSQL server, for suites whose several processes each hold their own
 * connections (two app instances and the test itself). The embedded database serves one session at
 * a time, so with no TEST_DATABASE_URL such a suite starts a private server from the machine's
 * PostgreSQL binaries in a temporary folder, and removes it afterwards.
 */
export async function createServerDatabase(): Promise<FreshDatabase> {
  if (process.env.TEST_DATABASE_URL) return createFreshDatabase();
  const server = await startPrivatePostgres();
  return { url: server.url, dispose: server.dispose };
}

/** createServerDatabase with every migration applied: a copy of the migrated template on TEST_DATABASE_URL. */
export async function createMigratedServerDatabase(): Promise<FreshDatabase> {
  if (process.env.TEST_DATABASE_URL) return createMigratedDatabase();
  return migrated(await createServerDatabase());
}

export interface PrivatePostgres {
  url: string;
  /** `pg_ctl stop` in a mode; "smart" without waiting leaves it shutting down while sessions remain. */
  stop(mode: "smart" | "fast" | "immediate", options?: { isWaiting?: boolean }): void;
  /** Starts the stopped server again on the same port and data. */
  start(): void;
  dispose(): Promise<void>;
}

/**
 * A PostgreSQL server of this test's own, from the machine's binaries in a temporary folder: for
 * suites that stop, restart or shut the server down under the app.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  const dataDir = mkdtempSync(path.join(tmpdir(), "avanza-private-pg-"));
  // initdb refuses to run as root; as root the server runs as the postgres account.
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const uid = Number(run("id", ["-u", "postgres"]).trim());
    const gid = Number(run("id", ["-g", "postgres"]).trim());
    chownSync(dataDir, uid, gid);
  }
  const asServerUser = (command: string, args: string[]) =>
    isRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
  asServerUser(path.join(bin, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres"]);
  const port = await freePort();
  const start = () =>
    asServerUser(path.join(bin, "pg_ctl"), [
      "-D",
      dataDir,
      "-w",
      "-l",
      path.join(dataDir, "server.log"),
      "-o",
      `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "start",
    ]);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode, { isWaiting = true } = {}) =>
      asServerUser(path.join(bin, "pg_ctl"), [
        "-D",
        dataDir,
        "-m",
        mode,
        ...(isWaiting ? [] : ["-W"]),
        "stop",
      ]),
    start,
    dispose: async () => {
      // Already stopped by the test is fine: the folder goes either way.
      const stop = [path.join(bin, "pg_ctl"), "-D", dataDir, "-m", "immediate", "stop"];
      if (isRoot) spawnSync("runuser", ["-u", "postgres", "--", ...stop]);
      else spawnSync(stop[0]!, stop.slice(1));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function findPostgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  const bin = versions
    .map((v) => path.join(root, v, "bin"))
    .find((dir) => existsSync(path.join(dir, "initdb")));
  if (!bin)
    throw new Error(
      "this suite needs a PostgreSQL server: set TEST_DATABASE_URL, or install Debian's postgresql package so a private one can be started",
    );
  return bin;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed: ${result.stderr || result.error?.message}`,
    );
  return result.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

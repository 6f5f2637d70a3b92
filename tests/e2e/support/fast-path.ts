// Shared by the front door's fast-path specs (docs/decisions/009 and 016): the same requests go to
// `npm start`, where the front door answers them with the route's handler, and to Next.js's own
// `next start`, where the route runs through Next's router; their answers are compared.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { startApp, type RunningApp } from "@/scripts/lib/app-process";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { EMBEDDED_DATABASE_ENV } from "@/lib/prisma-client";
import { createMigratedDatabase } from "./cluster";

/**
 * Headers that differ between any two answers (the time) or are the connection's framing, not the answer:
 * Next.js streams its answers (chunked) and `npm start` may compress a large one; the fast path sends
 * them whole, plain; each server keeps idle connections open for its own time.
 */
const VOLATILE = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

/** The environment of either server: production, on its own database, behind one trusted proxy. */
export function fastPathEnv(databaseUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Without a PostgreSQL server the databases are embedded: one connection, no named statements.
    ...(process.env.TEST_DATABASE_URL ? {} : EMBEDDED_DATABASE_ENV),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    SITE_URL: process.env.SITE_URL || readBuildSiteUrl() || "",
    // As behind one proxy: X-Forwarded-For's entry is the client, so each case can have its own address.
    TRUSTED_PROXY_HOPS: "1",
    ...extra,
  };
}

/** Next.js's own production server (no front door): the routes as Next.js runs them. */
export async function startNextAlone(port: number, env: NodeJS.ProcessEnv) {
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const child: ChildProcess = spawn(
    process.execPath,
    [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"],
    { env, stdio: "ignore", detached: true },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("next start exited");
    if (Date.now() > deadline) throw new Error("next start did not become healthy");
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // A short interval: the spec waits on this, and a refused connection costs next to nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGINT");
      await exited;
    },
  };
}

export interface ServerPair {
  /** `npm start`: the front door, answering the fast routes itself. */
  front: RunningApp;
  /** Plain `next start`: the routes through Next.js's router. */
  nextAlone: Awaited<ReturnType<typeof startNextAlone>>;
  stop: () => Promise<void>;
}

/**
 * Both servers, each on a fresh migrated database of its own; `prepareNextAlone` gets the plain
 * server's database first (it does none of the set-up `npm start` does, such as creating the owner);
 * `prepareEach` gets both, for the records both servers must answer alike.
 */
export async function startServerPair(
  basePort: number,
  env: (databaseUrl: string) => NodeJS.ProcessEnv,
  prepareNextAlone?: (databaseUrl: string) => Promise<void>,
  prepareEach?: (databaseUrl: string) => Promise<void>,
): Promise<ServerPair> {
  const databases = await Promise.all([createMigratedDatabase(), createMigratedDatabase()]);
  await Promise.all(databases.map((database) => prepareEach?.(database.url)));
  await prepareNextAlone?.(databases[1]!.url);
  const [front, nextAlone] = await Promise.all([
    startApp({ port: basePort, env: env(databases[0]!.url) }),
    startNextAlone(basePort + 1, env(databases[1]!.url)),
  ]);
  return {
    front,
    nextAlone,
    stop: async () => {
      await Promise.all([front.stop(), nextAlone.stop()]);
      await Promise.all(databases.map((database) => database.dispose()));
    },
  };
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** Each Set-Cookie line, its value hidden (two servers never hand out the same session). */
  cookies: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_TIME = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"/g;

/** Times the server derives from its own clock (e.g. "won since 30 days ago") differ by the requests' gap. */
function hideClockTimes(text: string): string {
  const now = Date.now();
  return text.replace(ISO_TIME, (quoted, iso: string) => {
    const offset = Math.abs(Date.parse(iso) - now) % 86_400_000;
    return Math.min(offset, 86_400_000 - offset) < 120_000 ? '"<clock time>"' : quoted;
  });
}

/**
 * Sends one request and keeps what makes up the answer. With `hideIds`, UUIDs in the body read as one
 * placeholder: records made on two databases have their own ids; so do times read off the server's clock
 * (a whole number of days from now, to the millisecond), and a cookie's Expires.
 */
export async function sendFor(
  url: string,
  init: RequestInit,
  { hideIds = false }: { hideIds?: boolean } = {},
): Promise<Answer> {
  const response = await fetch(url, init);
  let text = await response.text();
  if (hideIds) text = hideClockTimes(text.replace(UUID, "<id>"));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!VOLATILE.has(key) && key !== "set-cookie") headers[key] = value;
  });
  // `npm start` compresses what Next.js answers and says so in Vary (decision 010); plain `next start`
  // here no longer compresses (next.config.ts leaves it to the front door), so it leaves that token out.
  if (headers.vary) headers.vary = headers.vary.replace(/,\s*Accept-Encoding\b/i, "");
  // Expires is the clock plus Max-Age: two answers a second apart differ there; Max-Age says the same.
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.replace(/=[^;]*/, "=<value>").replace(/Expires=[^;]*/i, "Expires=<date>"));
  return { status: response.status, body: text ? JSON.parse(text) : null, headers, cookies };
}

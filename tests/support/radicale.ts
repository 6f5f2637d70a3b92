// A real CalDAV server for tests: Debian's Radicale on loopback, with a temporary storage folder and plain
// htpasswd users, on a free port. `calendar(name)` makes a calendar collection (MKCALENDAR) and returns
// its URL; `putEvent` stores an iCalendar object in it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A port nothing listens on right now (the kernel's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Radicale {
  origin: string;
  username: string;
  password: string;
  /** Creates a calendar collection of the user; its URL ends with a slash. */
  calendar(name: string): Promise<string>;
  /** Stores (or replaces) one calendar object in a calendar. */
  putEvent(calendarUrl: string, name: string, ics: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(path.join(tmpdir(), "radicale-"));
  const username = "ana";
  const password = "calendar-secret-123";
  writeFileSync(path.join(folder, "users"), `${username}:${password}\n`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    "radicale",
    [
      "--config",
      "",
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--storage-filesystem-folder",
      path.join(folder, "collections"),
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      path.join(folder, "users"),
      "--auth-htpasswd-encryption",
      "plain",
      "--rights-type",
      "owner_only",
      "--logging-level",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr}`);
    const answer = await fetch(`${origin}/`, { method: "OPTIONS" }).catch(() => null);
    if (answer) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`radicale did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    origin,
    username,
    password,
    async calendar(name) {
      const url = `${origin}/${username}/${name}/`;
      const answer = await fetch(url, { method: "MKCALENDAR", headers: { authorization: auth } });
      if (answer.status !== 201)
        throw new Error(`MKCALENDAR ${answer.status}: ${await answer.text()}`);
      return url;
    },
    async putEvent(calendarUrl, name, ics) {
      const answer = await fetch(`${calendarUrl}${name}.ics`, {
        method: "PUT",
        headers: { authorization: auth, "content-type": "text/calendar; charset=utf-8" },
        body: ics,
      });
      if (answer.status !== 201 && answer.status !== 204)
        throw new Error(`PUT ${answer.status}: ${await answer.text()}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** An iCalendar object (CRLF lines) around the given component lines. */
export function icsOf(...lines: string[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Avanza tests//EN",
    ...lines,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

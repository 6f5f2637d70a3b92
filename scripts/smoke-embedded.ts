// Boots the production server the way a new teammate would, with no DATABASE_URL, twice:
// embedded PostgreSQL starts, the schema is migrated, demo data is seeded once and kept,
// pages answer in both languages, and Ctrl-C leaves no process behind. Run by .ci/run.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { isGroupAlive, startApp } from "./lib/app-process";

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "✓" : "✗"} ${name}${ok || !detail ? "" : ` — ${detail}`}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function countLeads(pgPort: number): Promise<number> {
  const client = new pg.Client({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/postgres`,
  });
  await client.connect();
  try {
    return Number((await client.query("SELECT count(*)::int AS n FROM leads")).rows[0].n);
  } finally {
    await client.end();
  }
}

async function boot(env: NodeJS.ProcessEnv, label: string) {
  const app = await startApp({ port: await freePort(), env });
  console.log(`  ${label}: healthy after ${Math.round(app.coldStartMs)} ms`);
  return app;
}

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), "avanza-smoke-"));
  const pgPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAFF_OWNER_EMAIL: "smoke-owner@example.com",
    STAFF_OWNER_PASSWORD: "smoke-test-password",
    SESSION_SECRET: "smoke-test-session-secret-0123456789abcdef",
    EMBEDDED_PG_DIR: path.join(workDir, "pglite"),
    EMBEDDED_PG_PORT: String(pgPort),
  };
  delete env.DATABASE_URL;

  try {
    const first = await boot(env, "first start");
    const home = await fetch(`${first.baseUrl}/`).then(async (r) => ({
      status: r.status,
      html: await r.text(),
    }));
    check(
      "/ answers in Spanish",
      home.status === 200 && home.html.includes('<html lang="es"'),
      `status ${home.status}`,
    );
    const english = await fetch(`${first.baseUrl}/en`).then(async (r) => ({
      status: r.status,
      html: await r.text(),
    }));
    check(
      "/en answers in English",
      english.status === 200 && english.html.includes('<html lang="en"'),
      `status ${english.status}`,
    );
    const missing = await fetch(`${first.baseUrl}/no-existe`);
    check("an unknown route answers 404", missing.status === 404, `status ${missing.status}`);
    const seeded = await countLeads(pgPort);
    check("the new database holds demo leads", seeded > 0, `${seeded} leads`);

    const firstPid = first.process.pid!;
    const firstCode = await first.stop();
    check(
      "Ctrl-C stops the app cleanly",
      firstCode === 0 || firstCode === 130,
      `exit code ${firstCode}`,
    );
    check("no process is left behind", !isGroupAlive(firstPid));

    const second = await boot(env, "second start");
    const kept = await countLeads(pgPort);
    check(
      "a restart keeps the data and seeds nothing twice",
      kept === seeded,
      `${seeded} leads before, ${kept} after`,
    );
    const secondPid = second.process.pid!;
    await second.stop();
    check("no process is left behind after the second stop", !isGroupAlive(secondPid));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }

  console.log(`\nsmoke: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/scripts/db/embedded-postgres";
import { applyMigrations } from "@/scripts/db/migrations";

export interface FreshDatabase {
  url: string;
  /** Drops the database (real server) or stops the in-memory instance (embedded). */
  dispose(): Promise<void>;
}

/**
 * An empty database no other test run can see. With TEST_DATABASE_URL set, a new database is
 * created on that server; otherwise an in-memory embedded PostgreSQL is started on a free port.
 */
export async function createFreshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres({ maxConnections: 8 });
    return { url: embedded.url, dispose: embedded.stop };
  }
  return createDatabase(serverUrl);
}

/**
 * A database with every migration of prisma/migrations applied, no other test run can see. On a real
 * server (TEST_DATABASE_URL) it is a copy of a template database migrated once (CREATE DATABASE …
 * TEMPLATE), a fraction of a second instead of running every migration again; the embedded server
 * cannot copy databases, so there it is a fresh one, migrated. Tests about the migrations themselves
 * use createFreshDatabase and applyMigrations instead.
 */
export async function createMigratedDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return migrated(await createFreshDatabase());
  return createDatabase(serverUrl, await ensureMigratedTemplate(serverUrl));
}

/** `database` with every migration applied, or dropped when a migration fails. */
export async function migrated(database: FreshDatabase): Promise<FreshDatabase> {
  try {
    await applyMigrations(database.url, { log: () => {} });
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

/**
 * The name of a database on the server with every migration applied, built on first use and kept: its
 * name carries a digest of the migrations and of the code that applies them, so a changed migration
 * gets a template of its own and a template never goes stale. It accepts no connections (a copy needs
 * a template nobody is connected to, and nobody can change it).
 */
export async function ensureMigratedTemplate(serverUrl: string): Promise<string> {
  const name = `avanza_template_${migrationsDigest()}`;
  return withAdminClient(serverUrl, async (client) => {
    // Runs that start together (integration workers, e2e servers) build it once: the others wait here.
    const lockKey = Number.parseInt(name.slice(-8), 16) | 0;
    await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
    try {
      const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (existing.rowCount) return name;
      // Built under another name and renamed when complete, so an interrupted build is never used.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      await applyMigrations(databaseUrl(serverUrl, building), { log: () => {} });
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [lockKey]);
    }
  });
}

/** The URL of the database `name` on the server, a copy of the migrated template made unless it exists. */
export async function openMigratedDatabase(
  serverUrl: string,
  template: string,
  name: string,
): Promise<string> {
  await withAdminClient(serverUrl, async (client) => {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!existing.rowCount) await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
  return databaseUrl(serverUrl, name);
}

/** Drops every database whose name starts with `prefix` (letters, digits and underscores only). */
export async function dropDatabases(serverUrl: string, prefix: string): Promise<void> {
  if (!/^\w+$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  await withAdminClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

function migrationsDigest(): string {
  const hash = createHash("sha256");
  const root = process.cwd();
  hash.update(readFileSync(path.join(root, "scripts/db/migrations.ts")));
  const dir = path.join(root, "prisma/migrations");
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    hash.update(`\0${entry.name}\0`);
    const file = entry.isDirectory()
      ? path.join(dir, entry.name, "migration.sql")
      : path.join(dir, entry.name);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

async function createDatabase(serverUrl: string, template?: string): Promise<FreshDatabase> {
  const name = `avanza_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    dispose: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ).then(() => undefined),
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

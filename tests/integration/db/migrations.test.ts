import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  applyMigrations,
  getMigrationStatus,
  MigrationChecksumError,
  MigrationError,
} from "@/scripts/db/migrations";
import { createFreshDatabase, type FreshDatabase } from "@/tests/support/database";

const repoMigrationsDir = path.resolve("prisma/migrations");
const silent = { log: () => {} };

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

// Each test owns its database and its migrations folder; both are removed afterwards.
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function useFreshDatabase(): Promise<FreshDatabase> {
  const database = await createFreshDatabase();
  cleanups.push(() => database.dispose());
  return database;
}

/** A migrations folder in Prisma's layout holding the given scripts, named in order. */
async function useMigrationsDir(scripts: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "avanza-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
  for (const [name, script] of Object.entries(scripts)) await writeMigration(dir, name, script);
  return dir;
}

async function writeMigration(dir: string, name: string, script: string): Promise<void> {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, "migration.sql"), script);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const readHistory = (url: string) =>
  query<MigrationRow>(url, "SELECT * FROM _prisma_migrations ORDER BY migration_name, started_at");

async function tableExists(url: string, table: string): Promise<boolean> {
  const rows = await query<{ exists: boolean }>(
    url,
    `SELECT to_regclass('${table}') IS NOT NULL AS exists`,
  );
  return rows[0]?.exists ?? false;
}

const TWO_MIGRATIONS = {
  "20260101000000_widgets":
    'CREATE TABLE "widgets" ("id" INTEGER NOT NULL, CONSTRAINT "widgets_pkey" PRIMARY KEY ("id"));\n',
  "20260102000000_gadgets":
    'CREATE TABLE "gadgets" ("id" INTEGER NOT NULL, CONSTRAINT "gadgets_pkey" PRIMARY KEY ("id"));\n',
};

describe("applyMigrations", () => {
  it("records one finished row per migration with the file's SHA-256, as Prisma Migrate does", async () => {
    const database = await useFreshDatabase();

    const result = await applyMigrations(database.url, {
      ...silent,
      migrationsDir: repoMigrationsDir,
    });

    const names = (await readdir(repoMigrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(result).toEqual({ applied: names, wasEmpty: true });

    const history = await readHistory(database.url);
    expect(history.map((row) => row.migration_name)).toEqual(names);
    for (const row of history) {
      const script = await readFile(
        path.join(repoMigrationsDir, row.migration_name, "migration.sql"),
      );
      expect(row.checksum).toBe(createHash("sha256").update(script).digest("hex"));
      expect(row.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
    }
  });

  it("creates _prisma_migrations with the same columns as Prisma Migrate", async () => {
    const database = await useFreshDatabase();
    await applyMigrations(database.url, { ...silent, migrationsDir: await useMigrationsDir({}) });

    const columns = await query<{
      name: string;
      type: string;
      not_null: boolean;
      default_sql: string | null;
    }>(
      database.url,
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
              pg_get_expr(d.adbin, d.adrelid) AS default_sql
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = '_prisma_migrations'::regclass AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY a.attnum`,
    );
    expect(columns).toEqual([
      { name: "id", type: "character varying(36)", not_null: true, default_sql: null },
      { name: "checksum", type: "character varying(64)", not_null: true, default_sql: null },
      { name: "finished_at", type: "timestamp with time zone", not_null: false, default_sql: null },
      { name: "migration_name", type: "character varying(255)", not_null: true, default_sql: null },
      { name: "logs", type: "text", not_null: false, default_sql: null },
      {
        name: "rolled_back_at",
        type: "timestamp with time zone",
        not_null: false,
        default_sql: null,
      },
      {
        name: "started_at",
        type: "timestamp with time zone",
        not_null: true,
        default_sql: "now()",
      },
      { name: "applied_steps_count", type: "integer", not_null: true, default_sql: "0" },
    ]);
    const primaryKey = await query<{ columns: string }>(
      database.url,
      `SELECT pg_get_constraintdef(oid) AS columns FROM pg_constraint WHERE conrelid = '_prisma_migrations'::regclass AND contype = 'p'`,
    );
    expect(primaryKey).toEqual([{ columns: "PRIMARY KEY (id)" }]);
  });

  it("applies nothing and changes no row on a second run", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);
    await applyMigrations(database.url, { ...silent, migrationsDir });
    const before = await readHistory(database.url);

    const second = await applyMigrations(database.url, { ...silent, migrationsDir });

    expect(second).toEqual({ applied: [], wasEmpty: false });
    expect(await readHistory(database.url)).toEqual(before);
  });

  it("applies only the migrations added since the last run", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir({
      "20260101000000_widgets": TWO_MIGRATIONS["20260101000000_widgets"],
    });
    await applyMigrations(database.url, { ...silent, migrationsDir });
    await writeMigration(
      migrationsDir,
      "20260102000000_gadgets",
      TWO_MIGRATIONS["20260102000000_gadgets"],
    );

    const result = await applyMigrations(database.url, { ...silent, migrationsDir });

    expect(result).toEqual({ applied: ["20260102000000_gadgets"], wasEmpty: false });
    expect(await tableExists(database.url, "gadgets")).toBe(true);
  });

  it("rolls a failing migration back entirely and names it with the PostgreSQL error", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir({
      "20260101000000_widgets": TWO_MIGRATIONS["20260101000000_widgets"],
      "20260102000000_broken": [
        'CREATE TABLE "half_done" ("id" INTEGER NOT NULL);',
        'INSERT INTO "half_done" ("id") VALUES (1);',
        'INSERT INTO "no_such_table" ("id") VALUES (1);',
        "",
      ].join("\n"),
    });

    const failure = await applyMigrations(database.url, { ...silent, migrationsDir }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(MigrationError);
    const error = failure as MigrationError;
    expect(error.migrationName).toBe("20260102000000_broken");
    expect(error.message).toContain("20260102000000_broken");
    expect(error.message).toContain('relation "no_such_table" does not exist');
    expect(error.message).toContain("42P01");
    expect(error.message).toContain("At line 3");

    expect(await tableExists(database.url, "half_done")).toBe(false);
    expect(await tableExists(database.url, "widgets")).toBe(true);
    const history = await readHistory(database.url);
    expect(history.map((row) => row.migration_name)).toEqual(["20260101000000_widgets"]);

    // Once fixed, the next run picks it up as if it had never been tried.
    await writeMigration(
      migrationsDir,
      "20260102000000_broken",
      'CREATE TABLE "half_done" ("id" INTEGER NOT NULL);\n',
    );
    const retry = await applyMigrations(database.url, { ...silent, migrationsDir });
    expect(retry.applied).toEqual(["20260102000000_broken"]);
  });

  it("refuses to run when an applied migration was edited, before applying anything", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir({
      "20260101000000_widgets": TWO_MIGRATIONS["20260101000000_widgets"],
    });
    await applyMigrations(database.url, { ...silent, migrationsDir });
    await writeMigration(
      migrationsDir,
      "20260101000000_widgets",
      'CREATE TABLE "widgets" ("id" BIGINT NOT NULL);\n',
    );
    await writeMigration(
      migrationsDir,
      "20260102000000_gadgets",
      TWO_MIGRATIONS["20260102000000_gadgets"],
    );

    const failure = await applyMigrations(database.url, { ...silent, migrationsDir }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(MigrationChecksumError);
    expect((failure as MigrationChecksumError).migrationNames).toEqual(["20260101000000_widgets"]);
    expect((failure as Error).message).toContain("20260101000000_widgets");
    expect(await tableExists(database.url, "gadgets")).toBe(false);
    expect(await getMigrationStatus(database.url, { migrationsDir })).toMatchObject({
      mismatched: ["20260101000000_widgets"],
      pending: ["20260102000000_gadgets"],
      isUpToDate: false,
    });
  });

  it("accepts an applied migration whose line endings changed, as Prisma does", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir({
      "20260101000000_widgets": "CREATE TABLE widgets (id INTEGER);\nSELECT 1;\n",
    });
    await applyMigrations(database.url, { ...silent, migrationsDir });
    await writeMigration(
      migrationsDir,
      "20260101000000_widgets",
      "CREATE TABLE widgets (id INTEGER);\r\nSELECT 1;\r\n",
    );

    await expect(applyMigrations(database.url, { ...silent, migrationsDir })).resolves.toEqual({
      applied: [],
      wasEmpty: false,
    });
  });

  it("refuses to continue past a migration Prisma recorded as failed (P3009)", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);
    await applyMigrations(database.url, { ...silent, migrationsDir: await useMigrationsDir({}) });
    await query(
      database.url,
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, logs)
       VALUES ('00000000-0000-4000-8000-000000000001', 'abc', '20260101000000_widgets', 'syntax error')`,
    );

    const failure = await applyMigrations(database.url, { ...silent, migrationsDir }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).code).toBe("P3009");
    expect((failure as Error).message).toContain(
      "The `20260101000000_widgets` migration started at",
    );
    expect(await tableExists(database.url, "gadgets")).toBe(false);
    expect((await getMigrationStatus(database.url, { migrationsDir })).failed).toEqual([
      "20260101000000_widgets",
    ]);
  });

  it("re-applies a migration Prisma marked as rolled back", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);
    await applyMigrations(database.url, { ...silent, migrationsDir: await useMigrationsDir({}) });
    await query(
      database.url,
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, rolled_back_at)
       VALUES ('00000000-0000-4000-8000-000000000001', 'abc', '20260101000000_widgets', now())`,
    );

    const result = await applyMigrations(database.url, { ...silent, migrationsDir });

    expect(result.applied).toEqual(["20260101000000_widgets", "20260102000000_gadgets"]);
  });

  it("reports wasEmpty only for the run that found an empty database", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);

    expect((await applyMigrations(database.url, { ...silent, migrationsDir })).wasEmpty).toBe(true);
    expect((await applyMigrations(database.url, { ...silent, migrationsDir })).wasEmpty).toBe(
      false,
    );
  });

  it("refuses a database that has tables but no migration history (P3005)", async () => {
    const database = await useFreshDatabase();
    await query(database.url, "CREATE TABLE legacy (id INTEGER)");

    const failure = await applyMigrations(database.url, {
      ...silent,
      migrationsDir: await useMigrationsDir(TWO_MIGRATIONS),
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).code).toBe("P3005");
    expect(await tableExists(database.url, "_prisma_migrations")).toBe(false);
  });

  it("refuses migrations written for another provider", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);
    await writeFile(path.join(migrationsDir, "migration_lock.toml"), 'provider = "mysql"\n');

    await expect(applyMigrations(database.url, { ...silent, migrationsDir })).rejects.toThrow(
      /mysql/,
    );
    expect(await tableExists(database.url, "_prisma_migrations")).toBe(false);
  });

  it("lets two instances starting together apply each migration exactly once", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);

    const results = await Promise.all([
      applyMigrations(database.url, { ...silent, migrationsDir }),
      applyMigrations(database.url, { ...silent, migrationsDir }),
    ]);

    expect(results.flatMap((result) => result.applied).sort()).toEqual(Object.keys(TWO_MIGRATIONS));
    const history = await readHistory(database.url);
    expect(history.map((row) => row.migration_name)).toEqual(Object.keys(TWO_MIGRATIONS));
  });
});

describe("getMigrationStatus", () => {
  it("lists pending migrations before a run and none after", async () => {
    const database = await useFreshDatabase();
    const migrationsDir = await useMigrationsDir(TWO_MIGRATIONS);

    expect(await getMigrationStatus(database.url, { migrationsDir })).toEqual({
      applied: [],
      pending: Object.keys(TWO_MIGRATIONS),
      mismatched: [],
      failed: [],
      missingFromDisk: [],
      isUpToDate: false,
    });
    await applyMigrations(database.url, { ...silent, migrationsDir });
    await rm(path.join(migrationsDir, "20260102000000_gadgets"), { recursive: true });

    expect(await getMigrationStatus(database.url, { migrationsDir })).toEqual({
      applied: ["20260101000000_widgets"],
      pending: [],
      mismatched: [],
      failed: [],
      missingFromDisk: ["20260102000000_gadgets"],
      isUpToDate: true,
    });
  });
});

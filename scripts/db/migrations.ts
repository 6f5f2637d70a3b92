import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/*
 * Applies Prisma Migrate's folder layout (prisma/migrations/<timestamp>_<name>/migration.sql) with `pg`,
 * because the Prisma schema engine binary cannot be installed everywhere we run (no download at deploy
 * time, and the embedded PGlite server). It keeps `_prisma_migrations` exactly as Prisma Migrate does, so
 * `prisma migrate deploy` / `status` still agree with it wherever the engine exists.
 *
 * One deliberate difference: each migration runs in one transaction together with its
 * `_prisma_migrations` row, so a failure leaves nothing behind instead of a P3009 "failed migration".
 * Consequence: migration.sql must not manage transactions itself (BEGIN/COMMIT) nor use statements that
 * refuse to run in a transaction block (CREATE INDEX CONCURRENTLY, VACUUM).
 *
 * Every query goes through the simple query protocol (no bind parameters): the embedded server multiplexes
 * all clients onto one PGlite session message by message, and a single Query message cannot interleave
 * with another client's Parse/Bind/Execute.
 */

/** Prisma Migrate's advisory lock key; sharing it makes us and `prisma migrate deploy` wait for each other. */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;
const MIGRATIONS_TABLE = "_prisma_migrations";
const MIGRATION_SCRIPT = "migration.sql";
const LOCK_FILE = "migration_lock.toml";
const PROVIDER = "postgresql";

// Same DDL as the schema engine's create_migrations_table for PostgreSQL; IF NOT EXISTS only for concurrent starts.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`;

export interface MigrationOptions {
  /** Folder in Prisma Migrate's layout; defaults to prisma/migrations under the working directory. */
  migrationsDir?: string;
  /** Receives one line per applied migration (and lock waits); defaults to console.log. */
  log?: (line: string) => void;
}

export interface ApplyMigrationsResult {
  /** Names of the migrations this run applied, in order. */
  applied: string[];
  /** True when the database had no tables of its own and no recorded migration before this run. */
  wasEmpty: boolean;
}

export interface MigrationStatus {
  /** On disk and recorded as finished (includes `mismatched`). */
  applied: string[];
  /** On disk, not recorded yet. */
  pending: string[];
  /** Recorded as finished, but migration.sql no longer has the recorded checksum. */
  mismatched: string[];
  /** Recorded as started and never finished nor rolled back (Prisma's P3009 state). */
  failed: string[];
  /** Recorded in the database with no folder on disk. */
  missingFromDisk: string[];
  isUpToDate: boolean;
}

/** A migration could not be applied, or the history forbids applying any. Nothing of the failing migration remains. */
export class MigrationError extends Error {
  override name = "MigrationError";
  /** Prisma's error code for the same situation, where there is one. */
  readonly code: string | undefined;
  readonly migrationName: string | undefined;

  constructor(
    message: string,
    options: { code?: string; migrationName?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.migrationName = options.migrationName;
  }
}

/** An applied migration's migration.sql was edited afterwards; raised before anything is applied. */
export class MigrationChecksumError extends MigrationError {
  override name = "MigrationChecksumError";
  readonly migrationNames: string[];

  constructor(migrationNames: string[]) {
    super(
      `The migration${migrationNames.length > 1 ? "s" : ""} ${migrationNames.map((n) => `\`${n}\``).join(", ")} ` +
        `${migrationNames.length > 1 ? "were" : "was"} modified after being applied: migration.sql no longer matches the checksum recorded in ${MIGRATIONS_TABLE}. ` +
        "Restore the original file and put the change in a new migration.",
      { migrationName: migrationNames[0] },
    );
    this.migrationNames = migrationNames;
  }
}

interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

interface MigrationRecord {
  id: string;
  checksum: string;
  migration_name: string;
  logs: string | null;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

interface DatabaseState {
  hasMigrationsTable: boolean;
  userTables: string[];
  records: MigrationRecord[];
}

/**
 * Applies every pending migration, each in its own transaction with its `_prisma_migrations` row, while
 * holding Prisma Migrate's advisory lock. Applying twice is a no-op.
 */
export async function applyMigrations(
  databaseUrl: string,
  options: MigrationOptions = {},
): Promise<ApplyMigrationsResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const migrations = await readMigrationsDir(resolveMigrationsDir(options.migrationsDir));

  return withClient(databaseUrl, async (client) => {
    await acquireMigrateLock(client, log);
    try {
      const state = await readDatabaseState(client);
      if (!state.hasMigrationsTable && state.userTables.length > 0) {
        throw new MigrationError(
          `The database schema is not empty (tables: ${state.userTables.join(", ")}) and has no ${MIGRATIONS_TABLE} table, ` +
            "so its history is unknown. Baseline it first (https://pris.ly/d/migrate-baseline).",
          { code: "P3005" },
        );
      }
      const wasEmpty = state.userTables.length === 0 && state.records.length === 0;

      assertNoFailedMigrations(state.records);
      const mismatched = findChecksumMismatches(migrations, state.records);
      if (mismatched.length > 0) throw new MigrationChecksumError(mismatched);

      if (!state.hasMigrationsTable) await client.query(CREATE_MIGRATIONS_TABLE);

      const recorded = new Set(activeRecords(state.records).map((record) => record.migration_name));
      const applied: string[] = [];
      for (const migration of migrations) {
        if (recorded.has(migration.name)) continue;
        if (await applyMigration(client, migration)) {
          applied.push(migration.name);
          log(`Applied migration ${migration.name}`);
        }
      }
      return { applied, wasEmpty };
    } finally {
      await releaseMigrateLock(client);
    }
  });
}

/** Compares the migrations folder with `_prisma_migrations` without changing anything. */
export async function getMigrationStatus(
  databaseUrl: string,
  options: Pick<MigrationOptions, "migrationsDir"> = {},
): Promise<MigrationStatus> {
  const migrations = await readMigrationsDir(resolveMigrationsDir(options.migrationsDir));
  const state = await withClient(databaseUrl, readDatabaseState);

  const active = activeRecords(state.records);
  const finished = new Set(
    active.filter((record) => record.finished_at).map((record) => record.migration_name),
  );
  const recorded = new Set(active.map((record) => record.migration_name));
  const onDisk = new Set(migrations.map((migration) => migration.name));

  const failed = active
    .filter((record) => !record.finished_at)
    .map((record) => record.migration_name);
  const applied = migrations
    .filter((migration) => finished.has(migration.name))
    .map((migration) => migration.name);
  const pending = migrations
    .filter((migration) => !recorded.has(migration.name))
    .map((migration) => migration.name);
  const mismatched = findChecksumMismatches(migrations, state.records);
  const missingFromDisk = [...finished].filter((name) => !onDisk.has(name));

  return {
    applied,
    pending,
    mismatched,
    failed,
    missingFromDisk,
    isUpToDate: pending.length === 0 && mismatched.length === 0 && failed.length === 0,
  };
}

/** Prisma's checksum of a new migration: lowercase hex SHA-256 of the script. */
export function computeMigrationChecksum(script: string | Buffer): string {
  return createHash("sha256").update(script).digest("hex");
}

function resolveMigrationsDir(migrationsDir: string | undefined): string {
  return path.resolve(migrationsDir ?? path.join("prisma", "migrations"));
}

async function readMigrationsDir(dir: string): Promise<MigrationFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new MigrationError(
      `Cannot read the migrations folder ${dir}: ${(error as Error).message}`,
      { cause: error },
    );
  }

  await assertLockFileProvider(dir);

  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name, MIGRATION_SCRIPT);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        throw new MigrationError(
          `Migration \`${name}\` has no readable ${MIGRATION_SCRIPT} (${file}).`,
          {
            migrationName: name,
            cause: error,
          },
        );
      }
      return { name, script: bytes.toString("utf8"), checksum: computeMigrationChecksum(bytes) };
    }),
  );
}

/** Mirrors Prisma's read of migration_lock.toml: absent is fine, another provider is not (P3019). */
async function assertLockFileProvider(dir: string): Promise<void> {
  let content: string;
  try {
    content = await readFile(path.join(dir, LOCK_FILE), "utf8");
  } catch {
    return;
  }
  const line = content.split(/\r?\n/).find((candidate) => candidate.startsWith("provider"));
  const provider = line
    ? line
        .replace(/^provider\s*=\s*/, "")
        .trim()
        .replace(/^"|"$/g, "")
    : "<PROVIDER NOT FOUND>";
  if (provider !== PROVIDER) {
    throw new MigrationError(
      `The migrations in ${dir} were written for \`${provider}\` (${LOCK_FILE}), not \`${PROVIDER}\`.`,
      { code: "P3019" },
    );
  }
}

async function withClient<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function acquireMigrateLock(client: pg.Client, log: (line: string) => void): Promise<void> {
  const attempt = await client.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_lock(${PRISMA_MIGRATE_LOCK_KEY}) AS locked`,
  );
  if (attempt.rows[0]?.locked) return;
  log(`Waiting for another migration run to finish (advisory lock ${PRISMA_MIGRATE_LOCK_KEY})…`);
  await client.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATE_LOCK_KEY})`);
}

async function releaseMigrateLock(client: pg.Client): Promise<void> {
  // Explicit, because with PGlite the session (and so the lock) outlives this connection.
  await client
    .query(`SELECT pg_advisory_unlock(${PRISMA_MIGRATE_LOCK_KEY})`)
    .catch(() => undefined);
}

async function readDatabaseState(client: pg.Client): Promise<DatabaseState> {
  const tables = await client.query<{ table_name: string }>(`
    SELECT c.relname AS table_name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()
    ORDER BY c.relname`);
  const tableNames = tables.rows.map((row) => row.table_name);
  const hasMigrationsTable = tableNames.includes(MIGRATIONS_TABLE);
  const userTables = tableNames.filter((name) => name !== MIGRATIONS_TABLE);
  if (!hasMigrationsTable) return { hasMigrationsTable, userTables, records: [] };

  // Same read (and order) as the schema engine's load_migrations_table.
  const records = await client.query<MigrationRecord>(`
    SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at
    FROM _prisma_migrations
    ORDER BY started_at ASC`);
  return { hasMigrationsTable, userTables, records: records.rows };
}

/** Rows Prisma treats as part of the history: a rolled-back attempt is as if it never happened. */
function activeRecords(records: MigrationRecord[]): MigrationRecord[] {
  return records.filter((record) => !record.rolled_back_at);
}

function assertNoFailedMigrations(records: MigrationRecord[]): void {
  const failed = activeRecords(records).filter((record) => !record.finished_at);
  if (failed.length === 0) return;
  const details = failed
    .map((record) => {
      const logs = record.logs?.trim() ? ` with the following logs:\n${record.logs.trim()}` : "";
      return `The \`${record.migration_name}\` migration started at ${record.started_at.toISOString()} failed${logs}`;
    })
    .join("\n");
  throw new MigrationError(
    "Found failed migrations in the target database; new migrations will not be applied. " +
      "Resolve them first (https://pris.ly/d/migrate-resolve).\n" +
      details,
    { code: "P3009", migrationName: failed[0]?.migration_name },
  );
}

function findChecksumMismatches(migrations: MigrationFile[], records: MigrationRecord[]): string[] {
  const finished = activeRecords(records).filter((record) => record.finished_at);
  return migrations
    .filter((migration) =>
      finished.some(
        (record) =>
          record.migration_name === migration.name &&
          !scriptMatchesChecksum(migration.script, record.checksum),
      ),
    )
    .map((migration) => migration.name);
}

/** Prisma's comparison: line-ending agnostic, and tolerant of the old checksums that lost leading zeros. */
function scriptMatchesChecksum(script: string, checksum: string): boolean {
  const variants = [script, script.replaceAll("\r\n", "\n"), script.replaceAll("\n", "\r\n")];
  return variants.some((variant) => {
    const digest = createHash("sha256").update(variant, "utf8").digest();
    const rendered =
      checksum.length > 0 && checksum.length !== 64
        ? [...digest].map((byte) => byte.toString(16)).join("")
        : digest.toString("hex");
    return rendered === checksum;
  });
}

/** Returns false when another run recorded the migration first (only possible on the embedded server, where locks are shared). */
async function applyMigration(client: pg.Client, migration: MigrationFile): Promise<boolean> {
  const name = client.escapeLiteral(migration.name);
  let isRunningScript = false;
  await client.query("BEGIN");
  try {
    const existing = await client.query(
      `SELECT 1 FROM _prisma_migrations WHERE migration_name = ${name} AND rolled_back_at IS NULL`,
    );
    if (existing.rowCount) {
      await client.query("ROLLBACK");
      return false;
    }

    const id = client.escapeLiteral(randomUUID());
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, started_at, migration_name, applied_steps_count)
       VALUES (${id}, ${client.escapeLiteral(migration.checksum)}, now(), ${name}, 0)`,
    );
    isRunningScript = true;
    if (migration.script.trim()) await client.query(migration.script);
    isRunningScript = false;
    await client.query(
      `UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = applied_steps_count + 1 WHERE id = ${id}`,
    );
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw new MigrationError(describeFailure(migration, error, isRunningScript), {
      code: "P3018",
      migrationName: migration.name,
      cause: error,
    });
  }
}

function describeFailure(migration: MigrationFile, error: unknown, isScriptError: boolean): string {
  const lines = [
    `Migration \`${migration.name}\` failed to apply and was rolled back; none of it was applied.`,
  ];
  if (error instanceof pg.DatabaseError) {
    if (error.code) lines.push(`Database error code: ${error.code}`);
    lines.push(`Database error: ${error.message}`);
    if (error.detail) lines.push(`Detail: ${error.detail}`);
    if (error.hint) lines.push(`Hint: ${error.hint}`);
    const position = Number(error.position);
    // The position counts characters of the failing query, which is the script itself only while it runs.
    if (isScriptError && position > 0)
      lines.push(
        `At line ${migration.script.slice(0, position - 1).split("\n").length} of ${MIGRATION_SCRIPT}`,
      );
  } else {
    lines.push(`Error: ${error instanceof Error ? error.message : String(error)}`);
  }
  return lines.join("\n");
}

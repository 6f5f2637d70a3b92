import "server-only";
import { Kysely, PostgresDialect, sql, type RawBuilder } from "kysely";
import type pg from "pg";
import { serverEnv } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createPool, createPrismaClient, type PrismaClient } from "@/lib/prisma-client";

// One pool and one client per process: in dev, hot reloads would otherwise open a new pool per edit.
const globalForDb = globalThis as unknown as {
  dbPool?: pg.Pool;
  prisma?: PrismaClient;
  kysely?: Kysely<SqlDatabase>;
};

function getPool(): pg.Pool {
  return (globalForDb.dbPool ??= createPool(serverEnv().DATABASE_URL));
}

/**
 * Kysely has no table types here: the repos use its `sql` tag (values numbered for us, fragments
 * composed), not its query builder, so the SQL reads as PostgreSQL; Prisma's schema stays the one
 * source of column types.
 */
type SqlDatabase = Record<string, never>;

// Kysely on the same pool as Prisma and sqlQuery: one connection budget (one connection on the
// embedded database), and destroy() is never called, so the pool's owner stays lib/db.ts.
function getKysely(): Kysely<SqlDatabase> {
  return (globalForDb.kysely ??= new Kysely<SqlDatabase>({
    dialect: new PostgresDialect({ pool: getPool() }),
  }));
}

function getClient(): PrismaClient {
  return (globalForDb.prisma ??= createPrismaClient(getPool()));
}

/**
 * The app's Prisma client, created on first use rather than at import: `next build` imports
 * route modules to collect their config, and there is no database (or secret) at build time.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getClient();
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/**
 * What a repository writes with: the app's client, or the transaction a caller is running. Repositories
 * take one (`client: DbClient = db`) so a service can put several features' writes, and the jobs they
 * cause, in one transaction.
 */
export type DbClient = Prisma.TransactionClient;

/**
 * Runs `work` inside `client`'s transaction when it is one, else in a new transaction of its own; a
 * repository's multi-step write stays atomic alone and joins its caller's transaction when given one.
 * Inside `work` use only `tx`: on the embedded database the pool has one connection, which it holds.
 */
export function inTransaction<T>(
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  client: DbClient = db,
): Promise<T> {
  // A transaction's client has no $transaction of its own (Prisma does not nest them).
  const isRoot = typeof (client as { $transaction?: unknown }).$transaction === "function";
  return isRoot ? (client as PrismaClient).$transaction(work) : work(client);
}

/**
 * Plain parameterised SQL on the same pool as `db`, for the few reads on every staff request (the
 * session check, the lead list) where Prisma's per-query overhead dominated the response time
 * (see bench/crm-leads-search.ts). Everything else goes through `db`. Never call it inside a
 * `db.$transaction`: on the embedded database the pool has one connection, which the transaction holds.
 */
export function sqlQuery<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  return getPool().query<Row>(text, values);
}

/**
 * sqlQuery as a named prepared statement: each pooled connection parses and plans it once and then
 * reuses the plan (PostgreSQL switches to a generic plan after five runs when it costs no more). For
 * the statements every beacon or staff request runs: planning the ingestion statement took about as
 * long as running it (docs/scaling.md). `name` belongs to this one `text`. Names live in a server
 * session, so with DATABASE_PREPARED_STATEMENTS=off (the embedded database, whose connections share
 * one session; a transaction-mode PgBouncer would need it too) this is a plain sqlQuery.
 */
export function preparedQuery<Row extends pg.QueryResultRow>(
  name: string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  if (process.env.DATABASE_PREPARED_STATEMENTS === "off") return sqlQuery<Row>(text, values);
  return getPool().query<Row>({ name, text, values });
}

export { sql } from "kysely";
/** A composable piece of `sql`-tagged SQL (a predicate, a subquery) with its values. */
export type RawSql = RawBuilder<unknown>;

/**
 * Runs SQL written with Kysely's `sql` tag on the app's pool: each `${value}` becomes the next `$n`
 * parameter and `${fragment}` splices a composed piece with its own values, so optional filters and
 * shared predicates are built without counting placeholders by hand. Rows come back as `pg` reads them
 * (bigint and numeric as strings), like sqlQuery. The same rule as sqlQuery: not inside a transaction.
 */
export async function runSql<Row>(
  query: RawBuilder<Row>,
): Promise<{ rows: Row[]; rowCount: number }> {
  const result = await query.execute(getKysely());
  return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
}

/**
 * runSql for a report's read over many rows (the sales table, the forecast), with PostgreSQL's JIT compilation
 * off for that one statement. JIT pays off on queries that run for seconds of CPU; on these, which read tens of
 * thousands of rows in a few hundred milliseconds, compiling took longer than running (over 1 s against 0.25 s
 * for the forecast at 100,000 leads, docs/performance.md#reports-without-jit). `SET LOCAL` ends with its
 * transaction, so the pooled connection goes back with the server's setting.
 */
export async function runReportSql<Row>(
  query: RawBuilder<Row>,
): Promise<{ rows: Row[]; rowCount: number }> {
  const result = await getKysely()
    .transaction()
    .execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      return query.execute(trx);
    });
  return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
}

/**
 * The same `sql`-tag query on a Prisma client or on the transaction a caller is running (so it joins
 * that transaction's connection). Rows come back as Prisma reads them: bigint as BigInt, numeric as
 * Decimal.
 */
export function runSqlOn<Row>(client: DbClient, query: RawBuilder<Row>): Promise<Row[]> {
  const compiled = query.compile(getKysely());
  return client.$queryRawUnsafe<Row[]>(compiled.sql, ...compiled.parameters);
}

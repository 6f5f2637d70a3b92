import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * What every app process and test run on the embedded PGlite server sets (docs/decisions/002): one
 * connection per pool, and no statements prepared by name, since its connections share one session.
 */
export const EMBEDDED_DATABASE_ENV = {
  DATABASE_POOL_MAX: "1",
  DATABASE_PREPARED_STATEMENTS: "off",
} as const;

/** How long a query waits for a free pooled connection before it gives up (a 503, not a hang). */
const DEFAULT_POOL_TIMEOUT_MS = 10_000;

/**
 * DATABASE_POOL_MAX caps each pool: the embedded PGlite server interleaves clients message by
 * message, so apps and tests on it use one connection each (scripts/run-app.ts sets it to 1 there).
 * DATABASE_POOL_TIMEOUT_MS bounds the wait for a connection when every one is busy: without it a
 * burst that exhausts the pool queues requests forever instead of answering 503 with Retry-After.
 */
function poolConfig(connectionString: string): pg.PoolConfig {
  const max = Number(process.env.DATABASE_POOL_MAX) || undefined;
  const connectionTimeoutMillis =
    Number(process.env.DATABASE_POOL_TIMEOUT_MS) || DEFAULT_POOL_TIMEOUT_MS;
  return { connectionString, connectionTimeoutMillis, ...(max ? { max } : {}) };
}

/** A `pg` pool the caller owns (lib/db.ts shares one between Prisma and plain SQL). */
export function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool(poolConfig(connectionString));
  // An idle connection closed by the server (a restart, a dropped test database) is discarded by the
  // pool and the next query opens a fresh one; unhandled, the event would crash the process.
  pool.on("error", () => undefined);
  return pool;
}

/**
 * A Prisma client. Given a connection string it opens its own pool and closes it on $disconnect
 * (scripts and tests); given a pool it uses that one and leaves closing it to the owner.
 */
export function createPrismaClient(connection: string | pg.Pool): PrismaClient {
  const adapter = new PrismaPg(
    typeof connection === "string" ? poolConfig(connection) : connection,
  );
  return new PrismaClient({ adapter });
}

export type { PrismaClient };

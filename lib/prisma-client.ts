import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * A Prisma client on its own `pg` pool. The app uses the shared one in lib/db.ts; scripts and tests call this.
 * DATABASE_POOL_MAX caps the pool: the embedded PGlite server interleaves clients message by message,
 * so apps and tests on it use one connection each (scripts/run-app.ts sets it to 1 there).
 */
export function createPrismaClient(connectionString: string): PrismaClient {
  const max = Number(process.env.DATABASE_POOL_MAX) || undefined;
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, ...(max ? { max } : {}) }) });
}

export type { PrismaClient };

import "server-only";
import { serverEnv } from "@/lib/env";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";

// One client per process: in dev, hot reloads would otherwise open a new pool per edit.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function getClient(): PrismaClient {
  return (globalForPrisma.prisma ??= createPrismaClient(serverEnv().DATABASE_URL));
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

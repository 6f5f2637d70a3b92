import "server-only";
import { db } from "@/lib/db";

/** The cheapest round trip that proves a connection from the pool reaches PostgreSQL. */
export async function pingDatabase(): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}

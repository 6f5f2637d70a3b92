// Two production instances of this build on one fresh PostgreSQL behind a real HAProxy, for the specs that
// check what holds across instances (tests/e2e/platform/cluster.spec.ts, tests/e2e/content/cluster-publish.spec.ts).
import { startCluster, type Cluster } from "@/scripts/cluster";
import { applyMigrations } from "@/scripts/db/migrations";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import type { FreshDatabase } from "../../support/database";
import { createServerDatabase } from "../../support/private-postgres";

/** The owner account each instance bootstraps (STAFF_OWNER_EMAIL / STAFF_OWNER_PASSWORD). */
export const CLUSTER_OWNER = {
  email: "cluster-owner@example.com",
  password: "cluster-staff-password",
};

export interface TestCluster {
  /** HAProxy's address: requests alternate between the instances. */
  url: string;
  /** Each instance's own address, bypassing the balancer. */
  instanceUrls: [string, string];
  prisma: PrismaClient;
  stop(): Promise<void>;
}

/**
 * Starts the balancer on E2E_PORT + `portOffset` and the instances on the two ports after it, so suites
 * (and parallel runs with other E2E ports) keep apart.
 */
export async function startTestCluster(portOffset: number): Promise<TestCluster> {
  const base = Number(process.env.E2E_PORT || 3100) + portOffset;
  // Two instances and the test each hold connections: that needs a real server (see private-postgres).
  const database: FreshDatabase = await createServerDatabase();
  let prisma: PrismaClient | undefined;
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await prisma?.$disconnect();
    await database.dispose();
  };
  try {
    await applyMigrations(database.url, { log: () => {} });
    prisma = createPrismaClient(database.url);
    cluster = await startCluster({
      databaseUrl: database.url,
      port: base,
      appPorts: [base + 1, base + 2],
      env: {
        STAFF_OWNER_EMAIL: CLUSTER_OWNER.email,
        STAFF_OWNER_PASSWORD: CLUSTER_OWNER.password,
        SESSION_SECRET: "cluster-session-secret-that-is-long-enough-0",
      },
      log: () => {},
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: cluster.url,
    instanceUrls: [`http://127.0.0.1:${base + 1}`, `http://127.0.0.1:${base + 2}`],
    prisma,
    stop,
  };
}

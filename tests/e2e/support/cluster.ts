// Two production instances of this build on one fresh PostgreSQL behind a real HAProxy, for the specs that
// check what holds across instances (tests/http/platform/cluster.spec.ts and cluster-publish.spec.ts).
// Also the one place the servers of a spec's own get a migrated database (createMigratedDatabase).
import { test as base } from "@playwright/test";
import { startCluster, type Cluster } from "@/scripts/cluster";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import {
  createMigratedDatabase as createTemplateCopy,
  type FreshDatabase,
} from "../../support/database";
import { createMigratedServerDatabase } from "../../support/private-postgres";

/** The owner account each instance bootstraps (STAFF_OWNER_EMAIL / STAFF_OWNER_PASSWORD). */
export const CLUSTER_OWNER = {
  email: "cluster-owner@example.com",
  password: "cluster-staff-password",
};

/**
 * A database no other server uses, with every migration applied: for the e2e specs that start servers
 * of their own (the cluster, crash, the fast-path pairs). A copy of the migrated template where a
 * server is at hand (tests/support/database.ts). With `needsServer`, one several processes can hold
 * connections to at once (see private-postgres) even without TEST_DATABASE_URL.
 */
export function createMigratedDatabase({
  needsServer = false,
}: { needsServer?: boolean } = {}): Promise<FreshDatabase> {
  return needsServer ? createMigratedServerDatabase() : createTemplateCopy();
}

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
  // Two instances and the test each hold connections: that needs a real server.
  const database = await createMigratedDatabase({ needsServer: true });
  let prisma: PrismaClient | undefined;
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await prisma?.$disconnect();
    await database.dispose();
  };
  try {
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

/**
 * `test` with a `cluster` fixture: started once per worker, on first use, and stopped when the worker
 * ends. With one worker every spec that takes it shares the same cluster (and database), so each spec
 * resets the counters it depends on instead of expecting a fresh database.
 */
export const test = base.extend<object, { cluster: TestCluster }>({
  cluster: [
    async ({}, provide) => {
      // The balancer and its two instances on E2E_PORT + 400…402 (keeps parallel runs apart).
      const cluster = await startTestCluster(400);
      await provide(cluster);
      await cluster.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

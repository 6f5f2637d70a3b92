import { randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedPostgres } from "@/scripts/db/embedded-postgres";

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

  const name = `avanza_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dispose: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ).then(() => undefined),
  };
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

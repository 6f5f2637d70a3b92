import { readFileSync } from "node:fs";
import { test } from "@playwright/test";
import pg from "pg";
import { appDatabaseUrlFile } from "./app-database-file";

/**
 * A connection to the database the app under test writes to, for specs that check what was stored.
 * Only with TEST_DATABASE_URL (a real server): the embedded database is not reachable from the test.
 */
export async function connectAppDatabase(): Promise<pg.Client> {
  const port = new URL(test.info().project.use.baseURL!).port;
  const client = new pg.Client({
    connectionString: readFileSync(appDatabaseUrlFile(port), "utf8").trim(),
  });
  await client.connect();
  return client;
}

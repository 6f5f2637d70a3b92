import { randomBytes } from "node:crypto";
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { createMigratedDatabase, dropDatabases, ensureMigratedTemplate } from "./database";

/** Where the run's test files find their database (see integration-env.ts). */
export type IntegrationDatabase =
  /** The embedded server: one migrated database, shared by files that run one at a time. */
  | { url: string }
  /** A real server: each test file makes a copy of the migrated template named `${prefix}_<random>`. */
  | { serverUrl: string; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    integrationDatabase: IntegrationDatabase;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createMigratedDatabase();
    project.provide("integrationDatabase", { url: database.url });
    return () => database.dispose();
  }
  const template = await ensureMigratedTemplate(serverUrl);
  const prefix = `avanza_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  project.provide("integrationDatabase", { serverUrl, template, prefix });
  return () => dropDatabases(serverUrl, prefix);
}

import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One freshly migrated database for the whole integration run, dropped afterwards. */
export default async function setup(project: TestProject) {
  const database = await createFreshDatabase();
  await applyMigrations(database.url, { log: () => {} });
  project.provide("databaseUrl", database.url);
  return () => database.dispose();
}

import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigratedDatabase, type FreshDatabase } from "@/tests/support/database";
import { testDatabaseUrl } from "@/tests/support/factories";
import { findSchemaDrift } from "@/tests/support/schema-drift";

const schemaPath = fileURLToPath(new URL("../../../prisma/schema.prisma", import.meta.url));

describe("schema drift", () => {
  it("the migrated database matches prisma/schema.prisma exactly", async () => {
    const differences = await findSchemaDrift(testDatabaseUrl(), schemaPath);

    // One line per difference, so a failure reads as a to-do list for the next migration.
    expect(
      differences,
      `The migrations and prisma/schema.prisma disagree:\n  ${differences.join("\n  ")}\n`,
    ).toEqual([]);
  });

  describe("reports each kind of drift", () => {
    let database: FreshDatabase;

    beforeAll(async () => {
      database = await createMigratedDatabase();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(`
          ALTER TABLE leads ALTER COLUMN name SET NOT NULL;
          ALTER TABLE leads ALTER COLUMN source SET DEFAULT 'web';
          ALTER TABLE leads ALTER COLUMN lang DROP DEFAULT;
          ALTER TABLE leads ALTER COLUMN phone TYPE varchar(20);
          ALTER TABLE leads ADD COLUMN nickname text;
          DROP INDEX leads_email_idx;
          CREATE UNIQUE INDEX leads_phone_key ON leads(phone);
          ALTER TABLE tasks DROP CONSTRAINT tasks_lead_id_fkey;
          ALTER TABLE tasks ADD CONSTRAINT tasks_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE RESTRICT ON UPDATE CASCADE;
          ALTER TYPE "TaskStatus" ADD VALUE 'blocked';
          CREATE TABLE notes (id uuid PRIMARY KEY);
        `);
      } finally {
        await client.end();
      }
    });

    afterAll(() => database?.dispose());

    it("lists every altered column, index, foreign key, enum and table", async () => {
      const differences = await findSchemaDrift(database.url, schemaPath);

      expect(differences).toEqual(
        expect.arrayContaining([
          "column leads.name: nullable in the datamodel, NOT NULL in the database",
          "column leads.source: default 'manual' in the datamodel, 'web' in the database",
          "column leads.lang: default 'es' in the datamodel, none in the database",
          "column leads.phone: type text in the datamodel, character varying(20) in the database",
          "column leads.nickname: in the database but not in the datamodel",
          'index "leads_email_idx" on leads: missing in the database',
          'unique index "leads_phone_key" on leads: in the database but not in the datamodel',
          'foreign key "tasks_lead_id_fkey" on tasks: (lead_id) → leads(id) ON DELETE CASCADE ON UPDATE CASCADE in the datamodel, (lead_id) → leads(id) ON DELETE RESTRICT ON UPDATE CASCADE in the database',
          'enum "TaskStatus": values [todo, doing, done] in the datamodel, [todo, doing, done, blocked] in the database',
          'table "notes": in the database but not in the datamodel',
        ]),
      );
      expect(differences).toHaveLength(10);
    });
  });
});

// SQL written with Kysely's sql tag (lib/db.ts, decision 025): values of composed fragments are numbered
// for us on the app's pool, and runSqlOn reads inside the caller's transaction.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inTransaction, runSql, runSqlOn, sql } from "@/lib/db";
import { makeLead, testDb } from "../../support/factories";

describe("the sql tag on the app's database", () => {
  it("finds a row by conditions joined from fragments, each with its own values", async () => {
    const lead = await makeLead();
    const conditions = [
      sql`company = ${lead.company}`,
      sql`email = ${lead.email}`,
      sql`id = ANY(${[lead.id, randomUUID()]}::uuid[])`,
    ];
    const { rows, rowCount } = await runSql(
      sql<{ id: string }>`SELECT id FROM leads WHERE ${sql.join(conditions, sql` AND `)}`,
    );
    expect(rows).toEqual([{ id: lead.id }]);
    expect(rowCount).toBe(1);
  });

  it("reports the rows an UPDATE changed", async () => {
    const lead = await makeLead();
    const { rowCount } = await runSql(
      sql`UPDATE leads SET industry = ${"Logistics"} WHERE id = ${lead.id}::uuid`,
    );
    expect(rowCount).toBe(1);
    expect((await testDb().lead.findUnique({ where: { id: lead.id } }))?.industry).toBe(
      "Logistics",
    );
  });

  it("runSqlOn sees the caller's uncommitted write, which rolls back with its transaction", async () => {
    const id = randomUUID();
    const seen = await inTransaction(async (tx) => {
      await tx.lead.create({
        data: { id, name: "In flight", email: `${id}@example.com`, source: "manual" },
      });
      return runSqlOn(tx, sql<{ name: string }>`SELECT name FROM leads WHERE id = ${id}::uuid`);
    });
    expect(seen).toEqual([{ name: "In flight" }]);
    await expect(
      inTransaction(async (tx) => {
        await tx.lead.update({ where: { id }, data: { name: "Changed" } });
        expect(
          await runSqlOn(tx, sql<{ name: string }>`SELECT name FROM leads WHERE id = ${id}::uuid`),
        ).toEqual([{ name: "Changed" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await testDb().lead.findUnique({ where: { id } }))?.name).toBe("In flight");
  });
});

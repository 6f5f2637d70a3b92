import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigratedDatabase, type FreshDatabase } from "@/tests/support/database";

// The lead list's search condition (lib/crm/lead.repo.ts): the folded term, LIKE-escaped, between wildcards.
const SEARCH = `SELECT id FROM leads WHERE search_text LIKE $1 ORDER BY created_at DESC, id DESC LIMIT 51`;
const pattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

describe("lead search over the trigram index", () => {
  let database: FreshDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // 20,000 leads; one in 5,000 works at "Zubizarreta Ingeniería", a few have % and _ in their e-mail.
    await client.query(`
      INSERT INTO leads (id, name, email, company, source, lang, created_at, updated_at)
      SELECT gen_random_uuid(),
             (ARRAY['José','Lucía','Emily','Ana'])[1 + n % 4] || ' ' || (ARRAY['García','Smith','Núñez','Walsh'])[1 + n % 4],
             CASE WHEN n % 997 = 0 THEN 'ana_100%' || n || '@acme.example' ELSE 'lead' || n || '@example.com' END,
             CASE WHEN n % 5000 = 2500 THEN 'Zubizarreta Ingeniería' ELSE 'Acme Retail' END,
             'manual', 'es', now() - (n || ' seconds')::interval, now()
      FROM generate_series(1, 20000) AS n`);
    await client.query("ANALYZE leads");
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await database?.dispose();
  });

  it("the index serves the list query's own condition, so a rare term need not read every lead", async () => {
    // 20,000 short rows are cheap enough to scan that the planner may; at 100,000 it takes the index by itself
    // (bench/crm-search.ts prints its plans). Here only whether the index applies to this exact condition.
    await client.query("SET enable_seqscan = off");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${SEARCH}`, [
      pattern("zubizarreta"),
    ]);
    await client.query("RESET enable_seqscan");
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toContain("leads_search_text_idx");
    expect(plan).toMatch(/Bitmap Index Scan on leads_search_text_idx/);
    const found = await client.query(SEARCH, [pattern("zubizarreta")]);
    expect(found.rowCount).toBe(4);
  });

  it("answers every kind of term exactly as a scan of every lead does", async () => {
    const terms = [
      "zubizarreta",
      "garcia",
      "nunez walsh",
      "ga",
      "a",
      "ana_100%",
      "100%9",
      "_",
      "%",
      "zz",
    ];
    for (const term of terms) {
      const withIndex = (await client.query(SEARCH, [pattern(term)])).rows;
      await client.query("SET enable_bitmapscan = off; SET enable_indexscan = off");
      const withoutIndex = (await client.query(SEARCH, [pattern(term)])).rows;
      await client.query("RESET enable_bitmapscan; RESET enable_indexscan");
      expect(withIndex, term).toEqual(withoutIndex);
    }
  });
});

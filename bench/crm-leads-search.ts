// CRM search under load: 10,000 leads, GET /api/crm/leads?q= at 20 connections for 15 s against
// the production build, then the same SQL straight through `pg` for comparison. Target p95 ≤ 50 ms.
// Uses a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (else embedded PGlite).
//   npm run build && npx tsx bench/crm-leads-search.ts
import pg from "pg";
import { startApp } from "@/scripts/lib/app-process";
import {
  benchAppEnv,
  requireProductionBuild,
  runBenchmark,
  signInAsStaff,
  usesDatabaseServer,
  withBenchDatabase,
} from "./lib/bench-harness";
import { formatLoad, runLoad } from "./lib/load";
import { runRecorded } from "./lib/run-output";

const LEADS = Number(process.env.BENCH_LEADS || 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const durationSeconds = Number(process.env.BENCH_SECONDS || 15);
const port = Number(process.env.BENCH_PORT || 3310);
const QUERY = "garcia";

async function seedLeads(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Spanish and English names, some with accents; about 1 in 12 matches "garcia" (García / Garcia).
  await client.query(`
    INSERT INTO leads (id, name, email, company, industry, stage, source, lang, created_at, updated_at)
    SELECT gen_random_uuid(),
           (ARRAY['José','Lucía','Emily','Ana','Liam','Begoña','Óscar','Chloe'])[1 + n % 8] || ' ' ||
           (ARRAY['García','Martínez','Smith','Pérez','Garcia','Brown','Núñez','Walsh','Ibáñez','Jones','Díaz','Taylor'])[1 + n % 12],
           'lead' || n || '@example.com',
           (ARRAY['Banco Horizonte','Clínica Norte','Acme Retail','Northwind','Transportes Sur',NULL])[1 + n % 6],
           (ARRAY['Finance','Healthcare','Retail','Technology','Logistics','Manufacturing'])[1 + n % 6],
           (ARRAY['Qualification','Discovery','Proposal','Negotiation','Won','Lost'])[1 + n % 6]::"LeadStage",
           'optin', CASE WHEN n % 2 = 0 THEN 'es' ELSE 'en' END,
           now() - (n || ' minutes')::interval, now()
    FROM generate_series(1, ${LEADS}) AS n`);
  await client.query("ANALYZE leads");
  await client.end();
}

async function timeDirectQuery(url: string, runs = 200) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pattern = `%${QUERY}%`;
  const sql = `SELECT id, name, email, phone, company, industry, stage::text AS stage, source, lang, created_at, updated_at FROM leads
               WHERE search_text LIKE $1
               ORDER BY created_at DESC, id DESC LIMIT 51`;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await client.query(sql, [pattern]);
    times.push(performance.now() - t0);
  }
  await client.end();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
  return `same query straight through pg (sequential, ${runs} runs): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

async function main(): Promise<string> {
  let summary = "";
  requireProductionBuild();
  await withBenchDatabase(async (database) => {
    const t0 = performance.now();
    await seedLeads(database.url);
    console.log(
      `seeded ${LEADS} leads in ${Math.round(performance.now() - t0)} ms (${usesDatabaseServer() ? "PostgreSQL server" : "embedded PGlite"})`,
    );

    const app = await startApp({ port, env: benchAppEnv(database.url) });
    try {
      const cookie = await signInAsStaff(app.baseUrl);
      const url = `${app.baseUrl}/api/crm/leads?q=${QUERY}`;
      await runLoad({ url, connections: 4, durationSeconds: 2, headers: { cookie } });
      const result = await runLoad({
        url,
        connections,
        durationSeconds,
        headers: { cookie },
        isOk: (status) => status === 200,
      });
      console.log(
        formatLoad(
          `GET /api/crm/leads?q=${QUERY} (${LEADS} leads, ${connections} connections)`,
          result,
        ),
      );
      console.log(`target p95 ≤ 50 ms: ${result.latencyMs.p95 <= 50 ? "met" : "NOT met"}`);
      summary = `crm-leads-search: leads=${LEADS} p95=${result.latencyMs.p95.toFixed(1)}ms req/s=${result.requestsPerSecond.toFixed(0)} errors=${result.errors + result.nonOk}`;
    } finally {
      await app.stop();
    }
    console.log(await timeDirectQuery(database.url));
  });
  return summary;
}

runBenchmark(() =>
  runRecorded({ name: "crm-leads-search", command: "npx tsx bench/crm-leads-search.ts" }, main),
);

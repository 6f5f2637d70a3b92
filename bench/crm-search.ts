// CRM lead search at team scale: 100,000 leads, 20 signed-in staff (20 sessions) searching at once through the
// production build, beside the same SQL straight through `pg` in the same run, sequentially and at the same
// concurrency. Target: the app's p95 at most 10× the direct query's p95 (docs/scaling.md).
// Uses a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (else embedded PGlite).
//   SITE_URL=http://127.0.0.1:3311 npm run build && npx tsx bench/crm-search.ts
import pg from "pg";
import { startApp } from "@/scripts/lib/app-process";
import {
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  signInAsStaff,
  usesDatabaseServer,
  withBenchDatabase,
} from "./lib/bench-harness";
import { formatLoad, runLoad } from "./lib/load";

const LEADS = Number(process.env.BENCH_LEADS || 100_000);
const USERS = Number(process.env.BENCH_USERS || 20);
const durationSeconds = Number(process.env.BENCH_SECONDS || 20);
const port = Number(process.env.BENCH_PORT || 3311);
const QUERY = "garcia";
const TARGET_RATIO = 10;

/** The list query of lib/crm/lead.repo.ts for `?q=garcia`, owner name included. */
const SEARCH_SQL = `SELECT id, name, email, phone, company, industry, stage::text AS stage, source, lang, owner_id AS "ownerId",
  (SELECT o.name FROM staff_accounts o WHERE o.id = leads.owner_id) AS "ownerName", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM leads WHERE search_text LIKE $1 ORDER BY created_at DESC, id DESC LIMIT $2`;

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`
    INSERT INTO staff_accounts (id, name, email, role, active, updated_at)
    SELECT gen_random_uuid(), 'Sales ' || n, 'sales' || n || '@bench.example', 'sales', true, now()
    FROM generate_series(1, 6) AS n`);
  // Spanish and English names, some with accents; about 1 in 12 matches "garcia" (García / Garcia).
  await client.query(`
    INSERT INTO leads (id, name, email, company, industry, stage, source, lang, owner_id, created_at, updated_at)
    SELECT gen_random_uuid(),
           (ARRAY['José','Lucía','Emily','Ana','Liam','Begoña','Óscar','Chloe'])[1 + n % 8] || ' ' ||
           (ARRAY['García','Martínez','Smith','Pérez','Garcia','Brown','Núñez','Walsh','Ibáñez','Jones','Díaz','Taylor'])[1 + n % 12],
           'lead' || n || '@example.com',
           (ARRAY['Banco Horizonte','Clínica Norte','Acme Retail','Northwind','Transportes Sur',NULL])[1 + n % 6],
           (ARRAY['Finance','Healthcare','Retail','Technology','Logistics','Manufacturing'])[1 + n % 6],
           (ARRAY['Qualification','Discovery','Proposal','Negotiation','Won','Lost'])[1 + n % 6]::"LeadStage",
           'optin', CASE WHEN n % 2 = 0 THEN 'es' ELSE 'en' END,
           (SELECT id FROM staff_accounts ORDER BY email OFFSET n % 7 LIMIT 1),
           now() - (n || ' seconds')::interval, now()
    FROM generate_series(1, ${LEADS}) AS n`);
  await client.query("ANALYZE");
  await client.end();
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** The search straight through `pg`: one client in a loop, or `clients` clients at once for `seconds`. */
async function timeDirect(url: string, clients: number, seconds: number) {
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const times: number[] = [];
  const endAt = performance.now() + seconds * 1000;
  await Promise.all(
    connections.map(async (client) => {
      while (performance.now() < endAt) {
        const t0 = performance.now();
        await client.query(SEARCH_SQL, [`%${QUERY}%`, 51]);
        times.push(performance.now() - t0);
      }
    }),
  );
  await Promise.all(connections.map((client) => client.end()));
  times.sort((a, b) => a - b);
  return { count: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function main() {
  requireProductionBuild();
  await withBenchDatabase(async (database) => {
    const t0 = performance.now();
    await seed(database.url);
    console.log(
      `seeded ${LEADS} leads in ${Math.round(performance.now() - t0)} ms (${usesDatabaseServer() ? "PostgreSQL server" : "embedded PGlite"})`,
    );

    const app = await startApp({ port, env: benchAppEnv(database.url) });
    let appResult;
    try {
      // Twenty people, twenty sessions: every request's session check is a different row.
      const cookies: string[] = [];
      for (let i = 0; i < USERS; i++) cookies.push(await signInAsStaff(app.baseUrl));
      let next = 0;
      const url = `${app.baseUrl}/api/crm/leads?q=${QUERY}`;
      const asNextUser = () => ({ cookie: cookies[next++ % cookies.length]! });
      // Warm up at full concurrency: the figures are for a server that has been running, not its first seconds.
      await runLoad({ url, connections: USERS, durationSeconds: 10, requestHeaders: asNextUser });
      appResult = await runLoad({
        url,
        connections: USERS,
        durationSeconds,
        requestHeaders: asNextUser,
        isOk: (status) => status === 200,
      });
      console.log(
        formatLoad(`app  GET /api/crm/leads?q=${QUERY} (${USERS} users at once)`, appResult),
      );
    } finally {
      await app.stop();
    }
    const sequential = await timeDirect(database.url, 1, 10);
    const concurrent = await timeDirect(database.url, USERS, durationSeconds);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `pg   same query, one client in a loop: p50 ${f(sequential.p50)} ms, p95 ${f(sequential.p95)} ms (${sequential.count} runs)`,
    );
    console.log(
      `pg   same query, ${USERS} clients at once: p50 ${f(concurrent.p50)} ms, p95 ${f(concurrent.p95)} ms (${concurrent.count} runs)`,
    );
    const p95 = appResult.latencyMs.p95;
    for (const [label, direct] of [
      [`${USERS} clients at once`, concurrent.p95],
      ["one client", sequential.p95],
    ] as const) {
      const ratio = p95 / direct;
      console.log(
        `app p95 / pg p95 (${label}): ${f(ratio)}× — target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? "met" : "NOT met"}`,
      );
    }
    console.log(`load average: ${formatLoadAverage()}`);
  });
}

runBenchmark(main);

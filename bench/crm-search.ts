// CRM lead search as leads grow: 10,000 and then 100,000 leads, 20 signed-in staff (20 sessions) searching at
// once through the production build, beside the same SQL straight through `pg` in the same run, one client in
// a loop and at the same concurrency. Two terms: a common one (about 1 lead in 6, "garcia") and a rare one
// (10 leads in 100,000, "zubizarreta"), which without the trigram index reads every lead.
// Targets at 100,000 leads: the app's p95 at most 5× the direct query's p95 at the same concurrency, and the
// rare term's direct p95 under 20 ms.
// Uses a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (else embedded PGlite).
//   SITE_URL=http://127.0.0.1:3311 npm run build && npx tsx bench/crm-search.ts
// BENCH_LEADS=10000,100000 picks the sizes; the summary line is for the largest.
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
import { formatLoad, runLoad, type LoadResult } from "./lib/load";
import { alsoRunning, captureOutput } from "./lib/run-output";
import { recordRun } from "./lib/run-record";

const SIZES = (process.env.BENCH_LEADS || "10000,100000").split(",").map(Number);
const USERS = Number(process.env.BENCH_USERS || 20);
const durationSeconds = Number(process.env.BENCH_SECONDS || 20);
const port = Number(process.env.BENCH_PORT || 3311);
const TERMS = { common: "garcia", rare: "zubizarreta" } as const;
type TermKind = keyof typeof TERMS;
const TARGET_RATIO = 5;
const TARGET_RARE_DIRECT_MS = 20;

/** The list query of lib/crm/lead.repo.ts for `?q=<term>` (a page of 50 and one more), owner name included. */
const SEARCH_SQL = `SELECT id, name, email, phone, company, industry, stage::text AS stage, source, lang, owner_id AS "ownerId",
  (SELECT o.name FROM staff_accounts o WHERE o.id = leads.owner_id) AS "ownerName", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM leads WHERE search_text LIKE $1 ORDER BY created_at DESC, id DESC LIMIT $2`;

async function seed(url: string, leads: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`
    INSERT INTO staff_accounts (id, name, email, role, active, updated_at)
    SELECT gen_random_uuid(), 'Sales ' || n, 'sales' || n || '@bench.example', 'sales', true, now()
    FROM generate_series(1, 6) AS n`);
  // Spanish and English names, some with accents; 2 in 12 match "garcia" (García / Garcia). One lead in
  // 10,000 works at "Zubizarreta Ingeniería", spread over the whole table (old and new leads alike).
  await client.query(`
    INSERT INTO leads (id, name, email, company, industry, stage, source, lang, owner_id, created_at, updated_at)
    SELECT gen_random_uuid(),
           (ARRAY['José','Lucía','Emily','Ana','Liam','Begoña','Óscar','Chloe'])[1 + n % 8] || ' ' ||
           (ARRAY['García','Martínez','Smith','Pérez','Garcia','Brown','Núñez','Walsh','Ibáñez','Jones','Díaz','Taylor'])[1 + n % 12],
           'lead' || n || '@example.com',
           CASE WHEN n % 10000 = 5000 THEN 'Zubizarreta Ingeniería'
                ELSE (ARRAY['Banco Horizonte','Clínica Norte','Acme Retail','Northwind','Transportes Sur',NULL])[1 + n % 6] END,
           (ARRAY['Finance','Healthcare','Retail','Technology','Logistics','Manufacturing'])[1 + n % 6],
           (ARRAY['Qualification','Discovery','Proposal','Negotiation','Won','Lost'])[1 + n % 6]::"LeadStage",
           'optin', CASE WHEN n % 2 = 0 THEN 'es' ELSE 'en' END,
           (SELECT id FROM staff_accounts ORDER BY email OFFSET n % 7 LIMIT 1),
           now() - (n || ' seconds')::interval, now()
    FROM generate_series(1, ${leads}) AS n`);
  await client.query("VACUUM ANALYZE leads");
  const plans: string[] = [];
  for (const term of Object.values(TERMS)) {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN ${SEARCH_SQL.replace("$1", `'%${term}%'`).replace("$2", "51")}`,
    );
    const scan = rows
      .map((row) => row["QUERY PLAN"].trim())
      .find((line) => /Scan on leads|Scan using|Index Scan/.test(line));
    plans.push(`${term}: ${scan?.replace(/\s+\(cost.*$/, "").replace(/^->\s*/, "") ?? "?"}`);
  }
  await client.end();
  return plans;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

interface DirectResult {
  count: number;
  p50: number;
  p95: number;
}

/** The search straight through `pg`: `clients` clients at once, each in a loop, for `seconds`. */
async function timeDirect(url: string, term: string, clients: number, seconds: number) {
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
        await client.query(SEARCH_SQL, [`%${term}%`, 51]);
        times.push(performance.now() - t0);
      }
    }),
  );
  await Promise.all(connections.map((client) => client.end()));
  times.sort((a, b) => a - b);
  return { count: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

interface SizeResult {
  leads: number;
  app: Record<TermKind, LoadResult>;
  direct: Record<TermKind, DirectResult>;
  sequential: Record<TermKind, DirectResult>;
}

const f = (n: number) => n.toFixed(1);

async function measureSize(leads: number): Promise<SizeResult> {
  return withBenchDatabase(async (database) => {
    const t0 = performance.now();
    const plans = await seed(database.url, leads);
    console.log(
      `\n## ${leads.toLocaleString("en")} leads — seeded in ${Math.round(performance.now() - t0)} ms (${usesDatabaseServer() ? "PostgreSQL server" : "embedded PGlite"})`,
    );
    console.log(`plans: ${plans.join("; ")}`);

    const app = {} as Record<TermKind, LoadResult>;
    const server = await startApp({ port, env: benchAppEnv(database.url) });
    try {
      // Twenty people, twenty sessions: every request's session check is a different row.
      const cookies: string[] = [];
      for (let i = 0; i < USERS; i++) cookies.push(await signInAsStaff(server.baseUrl));
      let next = 0;
      const asNextUser = () => ({ cookie: cookies[next++ % cookies.length]! });
      for (const kind of Object.keys(TERMS) as TermKind[]) {
        const url = `${server.baseUrl}/api/crm/leads?q=${TERMS[kind]}`;
        // Warm up at full concurrency: the figures are for a server that has been running, not its first seconds.
        await runLoad({ url, connections: USERS, durationSeconds: 8, requestHeaders: asNextUser });
        app[kind] = await runLoad({
          url,
          connections: USERS,
          durationSeconds,
          requestHeaders: asNextUser,
          isOk: (status) => status === 200,
        });
        console.log(
          formatLoad(
            `app  GET /api/crm/leads?q=${TERMS[kind]} (${USERS} users at once)`,
            app[kind],
          ),
        );
      }
    } finally {
      await server.stop();
    }
    const direct = {} as Record<TermKind, DirectResult>;
    const sequential = {} as Record<TermKind, DirectResult>;
    for (const kind of Object.keys(TERMS) as TermKind[]) {
      sequential[kind] = await timeDirect(database.url, TERMS[kind], 1, 8);
      direct[kind] = await timeDirect(database.url, TERMS[kind], USERS, durationSeconds);
      console.log(
        `pg   ${TERMS[kind]}, one client in a loop: p50 ${f(sequential[kind].p50)} ms, p95 ${f(sequential[kind].p95)} ms (${sequential[kind].count} runs)`,
      );
      console.log(
        `pg   ${TERMS[kind]}, ${USERS} clients at once: p50 ${f(direct[kind].p50)} ms, p95 ${f(direct[kind].p95)} ms (${direct[kind].count} runs)`,
      );
    }
    return { leads, app, direct, sequential };
  });
}

function printTable(results: SizeResult[]) {
  console.log(
    `\n| leads | term | app p50 / p95 (ms) | app req/s | pg p50 / p95 at ${USERS} clients (ms) | pg p95 one client (ms) | app p95 / pg p95 |`,
  );
  console.log("| ---: | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const { leads, app, direct, sequential } of results) {
    for (const kind of Object.keys(TERMS) as TermKind[]) {
      const a = app[kind];
      console.log(
        `| ${leads.toLocaleString("en")} | ${kind} "${TERMS[kind]}" | ${f(a.latencyMs.p50)} / ${f(a.latencyMs.p95)} | ${Math.round(a.requestsPerSecond)} | ${f(direct[kind].p50)} / ${f(direct[kind].p95)} | ${f(sequential[kind].p95)} | ${(a.latencyMs.p95 / direct[kind].p95).toFixed(2)}× |`,
      );
    }
  }
}

async function main() {
  requireProductionBuild();
  const output = captureOutput();
  const startedAt = new Date();
  const results: SizeResult[] = [];
  for (const leads of SIZES) results.push(await measureSize(leads));
  printTable(results);

  const largest = results.reduce((a, b) => (b.leads > a.leads ? b : a));
  const errors = results.reduce(
    (sum, r) =>
      sum + r.app.common.errors + r.app.common.nonOk + r.app.rare.errors + r.app.rare.nonOk,
    0,
  );
  const commonRatio = largest.app.common.latencyMs.p95 / largest.direct.common.p95;
  const rareRatio = largest.app.rare.latencyMs.p95 / largest.direct.rare.p95;
  const rareDirect = largest.direct.rare.p95;
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(`\nAt ${largest.leads.toLocaleString("en")} leads:`);
  console.log(
    `- common term app p95 / pg p95 (${USERS} clients): ${commonRatio.toFixed(2)}× — target ≤ ${TARGET_RATIO}×: ${verdict(commonRatio <= TARGET_RATIO)}`,
  );
  console.log(
    `- rare term app p95 / pg p95 (${USERS} clients): ${rareRatio.toFixed(2)}× — target ≤ ${TARGET_RATIO}×: ${verdict(rareRatio <= TARGET_RATIO)}`,
  );
  console.log(
    `- rare term pg p95 (${USERS} clients): ${f(rareDirect)} ms — target < ${TARGET_RARE_DIRECT_MS} ms: ${verdict(rareDirect < TARGET_RARE_DIRECT_MS)}`,
  );
  console.log(`- app errors or non-200 answers over the run: ${errors}`);
  console.log(`load average: ${formatLoadAverage()}`);

  const summaryLine = `crm-search: leads=${largest.leads} common app/direct p95=${commonRatio.toFixed(2)} rare direct p95=${f(rareDirect)} app p95=${f(largest.app.rare.latencyMs.p95)}`;
  const file = recordRun(
    {
      name: "crm-search",
      command: "SITE_URL=http://127.0.0.1:3311 npm run build && npx tsx bench/crm-search.ts",
      alsoRunning: alsoRunning(),
      output: output.text(),
      summaryLine,
    },
    startedAt,
  );
  console.log(`run written to ${file}`);
  console.log(summaryLine);
}

runBenchmark(main);

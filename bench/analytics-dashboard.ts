// Dashboard API latency over generated analytics: events spread over a year (written straight in SQL,
// rollups built from them), GET /api/analytics (the full dashboard, funnel included) for last30days and
// lastYear against the production build, and the same event figures computed from the raw events in SQL:
// the headline figures, and the funnel's visitors and questionnaire starters by first arrival, for the
// period and the previous one.
// With NOFUNNEL_REF set (e.g. 7930bb9, main before the funnel), that commit's build runs beside this one
// on its own database filled by its own generator with the same events, and the two dashboards answer
// in turns, so 'with the funnel' and 'without' are compared in one run (the build is cached in a temp
// folder, as in bench/lib/base-build.ts).
// Then the manager's view (issue 37): BENCH_SALES_LEADS leads (default 100,000) and BENCH_SALES_ACTIVITIES
// activities (default 1,000,000) for eight salespeople, GET /api/analytics/sales (lastYear) and
// GET /api/analytics/forecast timed, each p95 printed beside the same figures (every figure of the sales table,
// every cell of the forecast) computed by plain SQL in the same run (bench/lib/sales-data.ts plainSalesFigures
// and plainForecastFigures, run without JIT as the app's report reads are; the issue's bar: the API at most 3×
// the plain queries), and whether they all agree.
// Uses a fresh database per size on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (PostgreSQL required).
//   SITE_URL=http://127.0.0.1:3512 npm run build && BENCH_PORT=3512 npm run bench:analytics-dashboard
//   (BENCH_SIZES=1000000 for the small one only; BENCH_SIZES=0 skips the events, BENCH_SALES_LEADS=0 the sales;
//   the sales part alone at the issue's size: BENCH_SIZES=0 BENCH_SALES_LEADS=100000 BENCH_SALES_ACTIVITIES=1000000)
import path from "node:path";
import pg from "pg";
import { localDay, resolvePeriod, type Range } from "@/lib/analytics/periods";
import { DEFAULT_STAGE_PROBABILITY } from "@/lib/settings/stage-probability";
import { startApp } from "@/scripts/lib/app-process";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { createFreshDatabase, type FreshDatabase } from "@/tests/support/database";
import { generateAnalyticsData } from "./lib/analytics-data";
import { prepareBaseBuild, shortCommit, startBaseApp } from "./lib/base-build";
import {
  generateSalesData,
  plainForecastFigures,
  plainSalesFigures,
  type PlainForecastCell,
  type PlainOwnerFigures,
} from "./lib/sales-data";
import {
  BENCH_STAFF_PASSWORD,
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  signInAsStaff,
  usesDatabaseServer,
  withBenchDatabase,
} from "./lib/bench-harness";
import { runRecorded } from "./lib/run-output";

const SIZES = (process.env.BENCH_SIZES || "1000000,10000000")
  .split(",")
  .map(Number)
  .filter((size) => size > 0);
const SALES_LEADS = Number(process.env.BENCH_SALES_LEADS ?? 100_000);
const SALES_ACTIVITIES = Number(process.env.BENCH_SALES_ACTIVITIES ?? 1_000_000);
/** Days the events cover; 730 with twice the events gives each lastYear answer a full previous year too. */
const SPAN_DAYS = Number(process.env.BENCH_SPAN_DAYS || 365);
const RANGES: Range[] = ["last30days", "lastYear"];
const RUNS = Number(process.env.BENCH_RUNS || 40);
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS || 5);
const TIME_ZONE = "America/New_York";
const port = Number(process.env.BENCH_PORT || 3312);
const NOFUNNEL_REF = process.env.NOFUNNEL_REF;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)! };
}

/** Runs each piece of work `runs` times after one warm-up, in turns, and times each. */
async function timeInTurns(runs: number, works: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (const work of works) await work(); // warm-up: first use of a plan and of cold pages
  const times = works.map(() => [] as number[]);
  for (let i = 0; i < runs; i++)
    for (const [index, work] of works.entries()) {
      const t0 = performance.now();
      await work();
      times[index]!.push(performance.now() - t0);
    }
  return times.map(summarise);
}

interface RawFigures {
  views: string;
  visitors: string;
  camila: string;
  /** The funnel's first two steps by channel: "visitors|organic" → count. */
  funnel: Map<string, number>;
}

/** The headline figures and the funnel's event steps of one span, straight from the raw events table. */
async function rawFigures(client: pg.Client, start: Date, end: Date): Promise<RawFigures> {
  const headline = (
    await client.query(
      `SELECT count(*) FILTER (WHERE event_type = 'page_view') AS views,
              count(DISTINCT user_id) FILTER (WHERE event_type = 'page_view') AS visitors,
              count(*) FILTER (WHERE event_type = 'camila_click') AS camila
       FROM analytics_events WHERE received_at >= $1 AND received_at < $2`,
      [start, end],
    )
  ).rows[0];
  // Each visitor's first arrival of the span (from outside first), and who of them opened /optin.
  const { rows } = await client.query<{
    step: string;
    channel: string;
    landing_page: string;
    count: string;
  }>(
    `WITH arrivals AS (
       SELECT DISTINCT ON (user_id) user_id,
              CASE WHEN source_channel = 'internal' THEN 'direct' ELSE source_channel END AS channel,
              path AS landing_page
         FROM analytics_events
        WHERE event_type = 'page_view' AND received_at >= $1 AND received_at < $2
        ORDER BY user_id, (source_channel = 'internal'), received_at, id
     ),
     questionnaire AS (
       SELECT DISTINCT user_id FROM analytics_events
        WHERE event_type = 'page_view' AND received_at >= $1 AND received_at < $2 AND path = '/optin'
     )
     SELECT 'visitors' AS step, channel, landing_page, count(*) AS count FROM arrivals GROUP BY 2, 3
     UNION ALL
     SELECT 'questionnaire_started', a.channel, a.landing_page, count(*)
       FROM questionnaire q JOIN arrivals a USING (user_id) GROUP BY 2, 3`,
    [start, end],
  );
  const funnel = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.step}|${row.channel}`;
    funnel.set(key, (funnel.get(key) ?? 0) + Number(row.count));
  }
  return { ...headline, funnel };
}

/**
 * The period's and the previous period's figures from raw events. A previous period cut at the time of
 * day is cut where the API's answer says (`previous.until`): the API took its own clock.
 */
async function rawAggregate(client: pg.Client, range: Range, now: Date, until: string | null) {
  const period = resolvePeriod({ range }, now, TIME_ZONE);
  return [
    await rawFigures(client, period.start, period.end),
    await rawFigures(client, period.previous.start, until ? new Date(until) : period.previous.end),
  ];
}

interface DashboardAnswer {
  totalTraffic: number;
  uniqueTraffic: number;
  camilaClicks: number;
  totalOptins: number;
  previous: { until: string | null };
  funnel: { step: string; count: number; previous: number }[];
  funnel_by_channel: { channel: string; steps: { step: string; count: number }[] }[];
}

/** Whether the API's figures equal the raw ones: headline, funnel steps 1–2 (and their previous), by channel. */
function agrees(answer: DashboardAnswer, [current, previous]: RawFigures[]): boolean {
  const total = (figures: RawFigures, step: string) =>
    [...figures.funnel]
      .filter(([key]) => key.startsWith(`${step}|`))
      .reduce((s, [, n]) => s + n, 0);
  const steps = ["visitors", "questionnaire_started"];
  const funnelAgrees = steps.every((step) => {
    const row = answer.funnel.find((entry) => entry.step === step);
    return row?.count === total(current!, step) && row.previous === total(previous!, step);
  });
  const byChannel = new Map<string, number>();
  for (const { channel, steps: rows } of answer.funnel_by_channel)
    for (const row of rows)
      if (steps.includes(row.step) && row.count) byChannel.set(`${row.step}|${channel}`, row.count);
  const channelsAgree =
    byChannel.size === current!.funnel.size &&
    [...current!.funnel].every(([key, count]) => byChannel.get(key) === count);
  if (!funnelAgrees || !channelsAgree)
    console.log(
      `    funnel (API): ${JSON.stringify(answer.funnel.filter((row) => steps.includes(row.step)))}; raw now: ${JSON.stringify([...current!.funnel])}; raw before: ${JSON.stringify(steps.map((step) => total(previous!, step)))}; API by channel: ${JSON.stringify([...byChannel])}`,
    );
  return (
    String(current!.views) === String(answer.totalTraffic) &&
    String(current!.visitors) === String(answer.uniqueTraffic) &&
    String(current!.camila) === String(answer.camilaClicks) &&
    funnelAgrees &&
    channelsAgree
  );
}

async function fetchDashboard(baseUrl: string, cookie: string, range: Range): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/analytics?range=${range}`, { headers: { cookie } });
  if (!response.ok)
    throw new Error(`${baseUrl} GET /api/analytics?range=${range}: ${response.status}`);
  return response.json();
}

/** The earlier build without the funnel, on its own database holding the same events. */
async function startWithoutFunnel(size: number, now: Date) {
  const siteUrl = readBuildSiteUrl() || `http://127.0.0.1:${port}`;
  const dir = prepareBaseBuild(NOFUNNEL_REF!, siteUrl);
  const database: FreshDatabase = await createFreshDatabase();
  const stop = await startBaseApp(dir, database, port + 1, {
    ANALYTICS_TIME_ZONE: TIME_ZONE,
    SITE_URL: siteUrl,
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    // Its own generator for its own schema: same events for the same size, clock and zone.
    const generator = (await import(path.join(dir, "bench/lib/analytics-data.ts"))) as {
      generateAnalyticsData: typeof generateAnalyticsData;
    };
    const t0 = performance.now();
    await generator.generateAnalyticsData(client, size, now, TIME_ZONE, SPAN_DAYS);
    console.log(`without-funnel build's database generated in ${fmt(performance.now() - t0)}`);
  } finally {
    await client.end();
  }
  const baseUrl = `http://127.0.0.1:${port + 1}`;
  // Builds from before staff accounts take the shared staff password alone.
  const cookie = await signInAsStaff(baseUrl).catch(async () => {
    const unlock = await fetch(`${baseUrl}/api/crm/auth`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ password: BENCH_STAFF_PASSWORD }),
    });
    const value = unlock.headers.get("set-cookie")?.split(";")[0];
    if (!unlock.ok || !value)
      throw new Error(`unlock of the earlier build failed: ${unlock.status}`);
    return value;
  });
  return {
    label: `${shortCommit(NOFUNNEL_REF!)} (no funnel)`,
    baseUrl,
    cookie,
    async stop() {
      await stop();
      await database.dispose();
    },
  };
}

interface SalesAnswer {
  owners: {
    owner: { id: string } | null;
    new_leads: number;
    first_response_minutes_median: number | null;
    activities: Record<string, number>;
    proposals_shared: number;
    proposals_signed: number;
    won: { currency: string; initial: number; monthly: number; deals: number }[];
    win_rate: number | null;
    days_to_win_median: number | null;
    open: { currency: string; value: number; weighted: number }[];
  }[];
}

/**
 * Whether every figure of the sales API equals the plain SQL one, owner by owner (an owner the SQL found nothing
 * for, such as a quiet salesperson, must show zeros); prints the first difference.
 */
function salesAgree(answer: SalesAnswer, plain: Map<string, PlainOwnerFigures>) {
  for (const row of answer.owners) {
    const expected = plain.get(row.owner?.id ?? "none");
    const mine = {
      new_leads: row.new_leads,
      first_response: row.first_response_minutes_median,
      activities: row.activities,
      shared: row.proposals_shared,
      signed: row.proposals_signed,
      win_rate: row.win_rate,
      days_to_win: row.days_to_win_median,
      won: row.won.map((m) => `${m.currency} ${m.initial} ${m.monthly} ${m.deals}`).sort(),
      open: row.open.map((m) => `${m.currency} ${m.value} ${m.weighted}`).sort(),
    };
    const theirs = {
      new_leads: expected?.new_leads ?? 0,
      first_response: expected?.first_response_minutes_median ?? null,
      activities: expected?.activities ?? { note: 0, call: 0, email: 0, meeting: 0 },
      shared: expected?.proposals_shared ?? 0,
      signed: expected?.proposals_signed ?? 0,
      win_rate: expected?.win_rate ?? null,
      days_to_win: expected?.days_to_win_median ?? null,
      won: [...(expected?.won ?? [])]
        .map(([c, m]) => `${c} ${m.initial} ${m.monthly} ${m.deals}`)
        .sort(),
      open: [...(expected?.open ?? [])].map(([c, m]) => `${c} ${m.value} ${m.weighted}`).sort(),
    };
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
      console.log(
        `    ${row.owner?.id ?? "unassigned"}: API ${JSON.stringify(mine)} SQL ${JSON.stringify(theirs)}`,
      );
      return false;
    }
  }
  // Every owner the plain query found has its row.
  return [...plain.keys()].every((owner) =>
    answer.owners.some((row) => (row.owner?.id ?? "none") === owner),
  );
}

/** Days from entering a stage to the expected close when nothing else dates it (docs/product.md#forecast). */
const CLOSE_DAYS = { Qualification: 90, Discovery: 60, Proposal: 30, Negotiation: 14 };

interface ForecastAnswer {
  months: {
    month: string;
    per_currency: { currency: string; committed: number; weighted: number; best_case: number }[];
  }[];
}

/** Whether every forecast cell the API gives equals the plain query's, and the API leaves none out. */
function forecastAgrees(
  answer: ForecastAnswer,
  plain: Map<string, Map<string, PlainForecastCell>>,
) {
  const cell = (c: PlainForecastCell) => `${c.committed} ${c.weighted} ${c.best_case}`;
  const mine = answer.months.flatMap((m) =>
    m.per_currency.map((c) => `${m.month} ${c.currency} ${cell(c)}`),
  );
  const theirs = [...plain].flatMap(([month, byCurrency]) =>
    [...byCurrency].map(([currency, c]) => `${month} ${currency} ${cell(c)}`),
  );
  const agree = JSON.stringify(mine.sort()) === JSON.stringify(theirs.sort());
  if (!agree)
    console.log(`    forecast: API ${JSON.stringify(mine)} SQL ${JSON.stringify(theirs)}`);
  return agree;
}

/** The sales and forecast endpoints over generated CRM history, beside plain SQL for the same figures. */
async function benchSales(): Promise<string[]> {
  const results: string[] = [];
  await withBenchDatabase(async (database) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const now = new Date();
      const t0 = performance.now();
      await generateSalesData(client, { leads: SALES_LEADS, activities: SALES_ACTIVITIES, now });
      const counts = (
        await client.query(
          `SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM activities) AS activities`,
        )
      ).rows[0];
      console.log(
        `\n== sales: ${Number(counts.leads).toLocaleString("en")} leads, ${Number(counts.activities).toLocaleString("en")} activities (generated in ${fmt(performance.now() - t0)})`,
      );
      const app = await startApp({
        port,
        env: benchAppEnv(database.url, { ANALYTICS_TIME_ZONE: TIME_ZONE }),
      });
      try {
        const cookie = await signInAsStaff(app.baseUrl);
        const get = async (url: string) => {
          const response = await fetch(`${app.baseUrl}${url}`, { headers: { cookie } });
          if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
          return response.json();
        };
        let sales = {} as SalesAnswer;
        let forecast = {} as ForecastAnswer;
        const [salesTime, forecastTime] = await timeInTurns(RUNS, [
          async () => (sales = (await get("/api/analytics/sales?range=lastYear")) as SalesAnswer),
          async () => (forecast = (await get("/api/analytics/forecast")) as typeof forecast),
        ]);
        // The plain statements run as the app runs its report reads (lib/db.ts runReportSql): without JIT
        // compilation, so the ratio measures what the app adds, not a server setting.
        await client.query("SET jit = off");
        const period = resolvePeriod({ range: "lastYear" }, new Date(), TIME_ZONE);
        let plain = new Map<string, PlainOwnerFigures>();
        const [sqlTime] = await timeInTurns(SQL_RUNS, [
          async () =>
            (plain = await plainSalesFigures(
              client,
              period.start,
              period.end,
              DEFAULT_STAGE_PROBABILITY,
            )),
        ]);
        let plainForecast = new Map<string, Map<string, PlainForecastCell>>();
        const [forecastSqlTime] = await timeInTurns(SQL_RUNS, [
          async () =>
            (plainForecast = await plainForecastFigures(
              client,
              TIME_ZONE,
              DEFAULT_STAGE_PROBABILITY,
              CLOSE_DAYS,
            )),
        ]);
        console.log(
          `API sales lastYear p50 ${fmt(salesTime!.p50)}, p95 ${fmt(salesTime!.p95)}, max ${fmt(salesTime!.max)} (${RUNS} requests, ${sales.owners.length} rows)`,
        );
        console.log(
          `API forecast       p50 ${fmt(forecastTime!.p50)}, p95 ${fmt(forecastTime!.p95)}, max ${fmt(forecastTime!.max)} (${forecast.months.length} months)`,
        );
        console.log(
          `SQL sales lastYear p50 ${fmt(sqlTime!.p50)}, p95 ${fmt(sqlTime!.p95)} (${SQL_RUNS} runs, every figure of the table: one plain statement per group of figures, in turn)`,
        );
        console.log(
          `    API / SQL p95: ×${(salesTime!.p95 / sqlTime!.p95).toFixed(1)} (bar: at most ×3); figures: ${salesAgree(sales, plain) ? "identical" : "MISMATCH"}`,
        );
        console.log(
          `SQL forecast       p50 ${fmt(forecastSqlTime!.p50)}, p95 ${fmt(forecastSqlTime!.p95)} (${SQL_RUNS} runs, every cell in one plain statement)`,
        );
        console.log(
          `    API / SQL p95: ×${(forecastTime!.p95 / forecastSqlTime!.p95).toFixed(1)} (bar: at most ×3); figures: ${forecastAgrees(forecast, plainForecast) ? "identical" : "MISMATCH"}`,
        );
        results.push(`sales=${fmt(salesTime!.p95)}`, `forecast=${fmt(forecastTime!.p95)}`);
      } finally {
        await app.stop();
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  });
  return results;
}

async function main(): Promise<string> {
  const apiP95: string[] = [];
  requireProductionBuild();
  if (!usesDatabaseServer())
    throw new Error("set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
  console.log(`load average at start: ${formatLoadAverage()}`);

  for (const size of SIZES) {
    await withBenchDatabase(async (database) => {
      const client = new pg.Client({ connectionString: database.url });
      const now = new Date();
      const withoutFunnel = NOFUNNEL_REF ? await startWithoutFunnel(size, now) : undefined;
      try {
        await client.connect();
        const t0 = performance.now();
        await generateAnalyticsData(client, size, now, TIME_ZONE, SPAN_DAYS);
        const sizes = (
          await client.query(
            `SELECT (SELECT count(*) FROM analytics_events) AS events, (SELECT count(*) FROM analytics_daily_visitors) AS visitor_days,
                    (SELECT count(*) FROM pg_inherits WHERE inhparent = 'analytics_events'::regclass) AS partitions,
                    pg_size_pretty((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'analytics_events'::regclass)) AS raw_size,
                    pg_size_pretty(pg_total_relation_size('analytics_daily_visitors')) AS visitors_size`,
          )
        ).rows[0];
        console.log(
          `\n== ${size.toLocaleString("en")} events over ${SPAN_DAYS} days (generated in ${fmt(performance.now() - t0)}; raw table ${sizes.raw_size} in ${sizes.partitions} partitions, ${Number(sizes.visitor_days).toLocaleString("en")} visitor-days = ${sizes.visitors_size}) — today is ${localDay(now, TIME_ZONE)} in ${TIME_ZONE}`,
        );

        const app = await startApp({
          port,
          env: benchAppEnv(database.url, { ANALYTICS_TIME_ZONE: TIME_ZONE }),
        });
        try {
          const cookie = await signInAsStaff(app.baseUrl);
          for (const range of RANGES) {
            let last = {} as DashboardAnswer;
            const [api, earlier] = await timeInTurns(RUNS, [
              async () =>
                (last = (await fetchDashboard(app.baseUrl, cookie, range)) as DashboardAnswer),
              ...(withoutFunnel
                ? [() => fetchDashboard(withoutFunnel.baseUrl, withoutFunnel.cookie, range)]
                : []),
            ]);
            console.log(
              `API ${range.padEnd(10)} p50 ${fmt(api!.p50)}, p95 ${fmt(api!.p95)}, max ${fmt(api!.max)} (${RUNS} requests) → totalTraffic ${last.totalTraffic}, uniqueTraffic ${last.uniqueTraffic}, camilaClicks ${last.camilaClicks}, totalOptins ${last.totalOptins}, funnel ${last.funnel.map((row) => `${row.step} ${row.count}`).join(", ")}`,
            );
            if (earlier)
              console.log(
                `    ${withoutFunnel!.label} in turns with it: p50 ${fmt(earlier.p50)}, p95 ${fmt(earlier.p95)} → with the funnel / without: p50 ×${(api!.p50 / earlier.p50).toFixed(2)}, p95 ×${(api!.p95 / earlier.p95).toFixed(2)}`,
              );
            let raw: RawFigures[] = [];
            const [sql] = await timeInTurns(SQL_RUNS, [
              async () => (raw = await rawAggregate(client, range, now, last.previous.until)),
            ]);
            console.log(
              `SQL ${range.padEnd(10)} same figures from raw events (period + previous) p50 ${fmt(sql!.p50)}, max ${fmt(sql!.max)} (${SQL_RUNS} runs) → views ${raw[0]!.views}, visitors ${raw[0]!.visitors}, camila ${raw[0]!.camila}`,
            );
            apiP95.push(`${size}/${range}=${fmt(api!.p95)}`);
            console.log(
              `    raw / API p50: ×${(sql!.p50 / api!.p50).toFixed(1)}; rollups vs raw: ${agrees(last, raw) ? "identical figures" : "MISMATCH"}`,
            );
          }
        } finally {
          await app.stop();
        }
      } finally {
        await client.end().catch(() => undefined);
        await withoutFunnel?.stop();
      }
    });
  }
  if (SALES_LEADS > 0) apiP95.push(...(await benchSales()));
  console.log(`\nload average at end: ${formatLoadAverage()}`);
  return `analytics-dashboard: api p95 ${apiP95.join(" ")}`;
}

runBenchmark(() =>
  runRecorded(
    { name: "analytics-dashboard", command: "npx tsx bench/analytics-dashboard.ts" },
    main,
  ),
);

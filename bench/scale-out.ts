// Scale-out on one machine: 1, 2 and 4 production instances of the app, each held to a quarter of a core by
// the kernel's CPU quota (as a container runtime would), behind HAProxy (least connections), on one
// PostgreSQL server. PostgreSQL, HAProxy and this load generator run unconfined, so the only thing that
// grows from one count to the next is the app tier. If throughput grows with the instances, the tier keeps
// no state of its own and its instances share nothing but the database.
//
// Per count, on a fresh database: (c) the CRM as 20 signed-in staff (lead search and pipeline together,
// as the CRM page asks for them), (a) analytics ingestion, (b) lead capture with whole questionnaire
// bodies. Each at a fixed concurrency that keeps the quota'd tier busy; then acknowledged is compared with
// what is stored. Throughput counts the time the tier then needs to run the jobs the run queued (a lead's
// alert): answering fast by leaving work for later is not absorbing the load. Runs as root (cgroups); says
// so when a quota cannot be set.
//   npm run build && BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:scale-out
//   (BENCH_INSTANCES=1,2,4  BENCH_WORKLOADS=crm,ingestion,leads  BENCH_SECONDS=20  BENCH_WARMUP_SECONDS=5  BENCH_CONNECTIONS=40  BENCH_CORES=0.25)
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { findHaproxy } from "@/scripts/cluster";
import { startApp, type RunningApp } from "@/scripts/lib/app-process";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { batchBody, BENCH_USER_AGENT } from "./lib/analytics-batch";
import {
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  usesDatabaseServer,
  withBenchDatabase,
} from "./lib/bench-harness";
import { createCpuQuotaGroup, type CpuQuotaGroup } from "./lib/cpu-quota";
import { measureCpu } from "./lib/cpu-usage";
import { questionnaireSubmission } from "./lib/lead-body";
import { startSmtpSink } from "./lib/smtp-sink";
import { recordRun } from "./lib/run-record";

const COUNTS = (process.env.BENCH_INSTANCES || "1,2,4").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 40);
// A submission costs about ten times a tracker batch: 16 keep four instances busy, while 40 queued on one
// quarter-core instance held its lead transactions past their 5 s timeout (503s) in trial runs.
const LEAD_CONNECTIONS = Number(process.env.BENCH_LEAD_CONNECTIONS || 16);
const CORES_PER_INSTANCE = Number(process.env.BENCH_CORES || 0.25);
const STAFF = 20;
const SEEDED_LEADS = 2000;
const EVENTS_PER_BATCH = 10;
const BALANCER_PORT = Number(process.env.BENCH_PORT || 3204);
const FIRST_APP_PORT = BALANCER_PORT + 10;
const STAFF_PASSWORD = "bench-staff-password";
/** Below this share of its quota the tier is not what limits throughput: something outside it is. */
const SATURATED = 0.85;
const TARGETS = { 2: 1.8, 4: 3.2 } as Record<number, number>;
const SEARCH_TERMS = ["garcia", "banco", "smith", "norte", "lucia", "tech"];

type Workload = "ingestion" | "leads" | "crm";
const ALL_WORKLOADS: Workload[] = ["crm", "ingestion", "leads"];
/** BENCH_WORKLOADS=leads (comma-separated) runs only those, to look at one; a full run takes all three. */
const WORKLOADS = process.env.BENCH_WORKLOADS
  ? ALL_WORKLOADS.filter((workload) => process.env.BENCH_WORKLOADS!.split(",").includes(workload))
  : ALL_WORKLOADS;

interface Measured {
  workload: Workload;
  instances: number;
  /** Answered requests (or events) over the run plus the time the tier then took to finish their jobs. */
  perSecond: number;
  /** Answered over the run alone, before the jobs it left behind were done. */
  answeredPerSecond: number;
  /** Seconds after the run until no job was due (the new-lead alerts the run had queued). */
  drainSeconds: number;
  unit: string;
  p50: number;
  p95: number;
  errors: number;
  acknowledged: number | null;
  stored: number | null;
  appCpu: number;
  postgresCpu: number;
  generatorCpu: number;
  machineCpu: number;
  throttledShare: number | null;
}

// ---------------------------------------------------------------- the closed-loop driver

interface Request {
  path: string;
  method?: string;
  headers: Record<string, string>;
  body?: string;
}

interface DriveResult {
  latencies: number[];
  statuses: Map<number, number>;
  connectionErrors: number;
  seconds: number;
}

/** `connections` keep-alive clients, each sending `next()` as soon as its last answer arrived, for `seconds`. */
async function drive(
  baseUrl: string,
  connections: number,
  seconds: number,
  next: (connection: number) => Request,
  onAnswer: (status: number, body: string) => void,
): Promise<DriveResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let connectionErrors = 0;
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  const once = (request: Request) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const headers = {
        ...request.headers,
        ...(request.body ? { "content-length": String(Buffer.byteLength(request.body)) } : {}),
      };
      const req = http.request(
        `${baseUrl}${request.path}`,
        { method: request.method ?? "GET", agent, headers },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => {
            latencies.push(performance.now() - t0);
            const status = res.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            onAnswer(status, text);
            resolve();
          });
        },
      );
      req.on("error", () => {
        connectionErrors++;
        resolve();
      });
      req.end(request.body);
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < endAt) await once(next(connection));
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, connectionErrors, seconds: (performance.now() - startedAt) / 1000 };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

// ---------------------------------------------------------------- the tier: instances, quotas, balancer

/** Client addresses never repeated within a run: the edge proxy in front of HAProxy names each visitor. */
let addressSequence = 0;
const nextClientAddress = () => {
  const n = ++addressSequence;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function haproxyConfig(port: number, appPorts: number[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # Appends the peer's address to X-Forwarded-For, after the one the edge (the load generator) wrote.
  option forwardfor

frontend web
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance leastconn
${appPorts.map((appPort, index) => `  server app${index + 1} 127.0.0.1:${appPort}`).join("\n")}
`;
}

interface Tier {
  baseUrl: string;
  apps: RunningApp[];
  groups: CpuQuotaGroup[];
  confine(): void;
  stop(): Promise<void>;
}

async function startTier(
  databaseUrl: string,
  count: number,
  log: (line: string) => void,
): Promise<Tier> {
  // Alerts and other mail go to a real SMTP server, as in production (a failed delivery would wait
  // half a minute to be retried and leave the run's jobs unfinished).
  const mail = await startSmtpSink();
  const env = benchAppEnv(databaseUrl, {
    SMTP_URL: mail.url,
    // Two proxies in front of each instance, as in a real deployment: an edge that names the visitor
    // (here the load generator) and HAProxy. The per-address limits then see real, varied visitors.
    TRUSTED_PROXY_HOPS: "2",
    // The global caps are flood guards of one site, not a capacity figure: lifted so they do not cap the run.
    ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "1000000",
    LEADS_RATE_LIMIT_GLOBAL: "1000000",
  });
  const appPorts = Array.from({ length: count }, (_, i) => FIRST_APP_PORT + i);
  const apps: RunningApp[] = [];
  const groups: CpuQuotaGroup[] = [];
  let balancer: ChildProcess | undefined;
  const configDir = mkdtempSync(path.join(tmpdir(), "avanza-scale-out-"));
  const stop = async () => {
    if (balancer && balancer.exitCode === null) {
      const exited = new Promise((resolve) => balancer!.once("exit", resolve));
      balancer.kill("SIGTERM");
      await exited;
    }
    await Promise.all(apps.map((app) => app.stop()));
    await mail.stop();
    for (const group of groups) group.remove();
    rmSync(configDir, { recursive: true, force: true });
  };
  try {
    apps.push(...(await Promise.all(appPorts.map((port) => startApp({ port, env })))));
    const configFile = path.join(configDir, "haproxy.cfg");
    writeFileSync(configFile, haproxyConfig(BALANCER_PORT, appPorts));
    balancer = spawn(findHaproxy(log), ["-db", "-f", configFile], { stdio: "inherit" });
    const baseUrl = `http://127.0.0.1:${BALANCER_PORT}`;
    for (const deadline = Date.now() + 30_000; ;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("HAProxy did not answer /api/health");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Started unconfined (a quarter core makes a cold start and the staff's sign-ins slow, and neither is
    // what is measured); each instance's whole process group goes into its own quota'd group before any load.
    const confine = () => {
      for (const [index, app] of apps.entries()) {
        const group = createCpuQuotaGroup(`app-${index + 1}`, CORES_PER_INSTANCE);
        groups.push(group);
        const moved = group.confine(app.process.pid!);
        if (index === 0)
          log(
            `  CPU quota: ${group.mechanism}, ${CORES_PER_INSTANCE * 100_000} of every 100000 µs per instance (${moved} processes of the first in ${group.directory})`,
          );
      }
    };
    return { baseUrl, apps, groups, confine, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------- data

/** 20 staff (4 managers, 16 in sales) with one password, and leads spread over them. */
async function seed(client: pg.Client): Promise<string[]> {
  const passwordHash = await hash(STAFF_PASSWORD);
  const emails = Array.from({ length: STAFF }, (_, i) => `staff${i + 1}@bench.example`);
  await client.query(
    `WITH created AS (
       INSERT INTO staff_accounts (id, name, email, role, active, updated_at)
       SELECT gen_random_uuid(), 'Bench Staff ' || n, 'staff' || n || '@bench.example',
              (CASE WHEN n <= 4 THEN 'manager' ELSE 'sales' END)::"StaffRole", true, now()
       FROM generate_series(1, $1::int) AS n
       RETURNING id
     )
     INSERT INTO staff_credentials (id, account_id, provider_account_id, provider_id, password)
     SELECT gen_random_uuid(), id, id::text, 'credential', $2 FROM created`,
    [STAFF, passwordHash],
  );
  await client.query(
    `INSERT INTO leads (id, name, email, company, industry, stage, source, lang, owner_id, created_at, updated_at)
     SELECT gen_random_uuid(),
            (ARRAY['José','Lucía','Emily','Ana','Liam','Begoña','Óscar','Chloe'])[1 + n % 8] || ' ' ||
            (ARRAY['García','Martínez','Smith','Pérez','Garcia','Brown','Núñez','Walsh','Ibáñez','Jones','Díaz','Taylor'])[1 + n % 12],
            'lead' || n || '@example.com',
            (ARRAY['Banco Horizonte','Clínica Norte','Acme Retail','Northwind Tech','Transportes Sur',NULL])[1 + n % 6],
            (ARRAY['Finance','Healthcare','Retail','Technology','Logistics','Manufacturing'])[1 + n % 6],
            (ARRAY['Qualification','Discovery','Proposal','Negotiation','Won','Lost'])[1 + n % 6]::"LeadStage",
            'optin', CASE WHEN n % 2 = 0 THEN 'es' ELSE 'en' END,
            (SELECT id FROM staff_accounts WHERE email = 'staff' || (1 + n % $2::int) || '@bench.example'),
            now() - (n || ' minutes')::interval, now()
     FROM generate_series(1, $1::int) AS n`,
    [SEEDED_LEADS, STAFF],
  );
  await client.query("ANALYZE");
  return emails;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/crm/auth`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl,
      "x-forwarded-for": nextClientAddress(),
    },
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
  if (!response.ok || !session) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return session;
}

const countRows = async (client: pg.Client, sql: string) =>
  Number((await client.query<{ n: string }>(sql)).rows[0]!.n);

/** Jobs due now or being run: the work a run left behind (lead capture queues an alert per lead). */
const JOBS_DUE_SQL = `SELECT count(*) AS n FROM jobs
  WHERE (status = 'queued' AND run_at <= now()) OR status = 'running'`;
const DRAIN_CAP_SECONDS = 180;

/**
 * Waits until the tier has run every job that is due, and says how long that took. A tier that answers
 * fast by leaving its jobs for later has not absorbed the load, so the throughput counts this time.
 */
async function drainJobs(client: pg.Client): Promise<{ seconds: number; left: number }> {
  const started = performance.now();
  for (;;) {
    const left = await countRows(client, JOBS_DUE_SQL);
    const seconds = (performance.now() - started) / 1000;
    if (left === 0 || seconds >= DRAIN_CAP_SECONDS) return { seconds, left };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// ---------------------------------------------------------------- one count

async function measureCount(count: number, log: (line: string) => void): Promise<Measured[]> {
  return withBenchDatabase(async (database) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const emails = await seed(client);
    const tier = await startTier(database.url, count, log);
    const results: Measured[] = [];
    try {
      const sessions = await Promise.all(emails.map((email) => signIn(tier.baseUrl, email)));
      tier.confine();
      const processGroups = tier.apps.map((app) => app.process.pid!);
      const quotaPercent = count * CORES_PER_INSTANCE * 100;

      for (const workload of WORKLOADS) {
        let acknowledged = 0;
        let crmRequest = 0;
        const plan = (connection: number): Request => {
          if (workload === "crm") {
            // One person per connection pair: the list and the pipeline are asked for together.
            const n = crmRequest++;
            const term = SEARCH_TERMS[n % SEARCH_TERMS.length]!;
            return {
              path: connection % 2 === 0 ? `/api/crm/leads?q=${term}` : "/api/crm/pipeline",
              headers: { cookie: sessions[Math.floor(connection / 2) % sessions.length]! },
            };
          }
          const edge = { "x-forwarded-for": nextClientAddress(), origin: tier.baseUrl };
          if (workload === "ingestion")
            return {
              path: "/api/analytics/event",
              method: "POST",
              headers: {
                ...edge,
                "content-type": "text/plain;charset=UTF-8",
                "user-agent": BENCH_USER_AGENT,
              },
              body: batchBody(tier.baseUrl, EVENTS_PER_BATCH),
            };
          return {
            path: "/api/leads",
            method: "POST",
            headers: { ...edge, "content-type": "application/json" },
            body: questionnaireSubmission(addressSequence),
          };
        };
        const expected = workload === "crm" ? 200 : workload === "ingestion" ? 202 : 201;
        const onAnswer = (status: number, text: string) => {
          if (status !== expected) return;
          acknowledged +=
            workload === "ingestion" ? (JSON.parse(text) as { accepted: number }).accepted : 1;
        };
        // Warm-up answers count towards acknowledged (they are stored too), not towards the figures.
        const connections = workload === "leads" ? LEAD_CONNECTIONS : CONNECTIONS;
        const warmup = await drive(tier.baseUrl, connections, WARMUP_SECONDS, plan, onAnswer);
        // The run starts with nothing left over from the warm-up.
        await drainJobs(client);
        const before = tier.groups.map((group) => group.throttling());
        const cpu = measureCpu(processGroups);
        const run = await drive(tier.baseUrl, connections, SECONDS, plan, onAnswer);
        const used = cpu.stop();
        const after = tier.groups.map((group) => group.throttling());
        const drained = await drainJobs(client);
        if (drained.left > 0)
          log(
            `  ${workload}: ${drained.left} job(s) still due ${DRAIN_CAP_SECONDS} s after the run`,
          );
        const periods = after.reduce((sum, a, i) => sum + a.periods - before[i]!.periods, 0);
        const throttled = after.reduce((sum, a, i) => sum + a.throttled - before[i]!.throttled, 0);
        const unexpected = (result: DriveResult) =>
          result.connectionErrors +
          [...result.statuses].filter(([s]) => s !== expected).reduce((sum, [, n]) => sum + n, 0);
        const errors = unexpected(warmup) + unexpected(run);
        if (errors > 0)
          log(
            `  ${workload}: unexpected answers ${JSON.stringify(Object.fromEntries([...warmup.statuses, ...run.statuses]))}, connection errors ${warmup.connectionErrors + run.connectionErrors}`,
          );
        const stored =
          workload === "ingestion"
            ? await countRows(client, "SELECT count(*) AS n FROM analytics_events")
            : workload === "leads"
              ? await countRows(client, "SELECT count(*) AS n FROM lead_submissions")
              : null;
        const ok = run.statuses.get(expected) ?? 0;
        results.push({
          workload,
          instances: count,
          perSecond:
            (workload === "ingestion" ? ok * EVENTS_PER_BATCH : ok) /
            (run.seconds + drained.seconds),
          answeredPerSecond: (workload === "ingestion" ? ok * EVENTS_PER_BATCH : ok) / run.seconds,
          drainSeconds: drained.seconds,
          unit: workload === "ingestion" ? "events/s" : "req/s",
          p50: quantile(run.latencies, 0.5),
          p95: quantile(run.latencies, 0.95),
          errors,
          acknowledged: workload === "crm" ? null : acknowledged,
          stored,
          appCpu: used.get("app")!,
          postgresCpu: used.get("postgres")!,
          generatorCpu: used.get("load generator")!,
          machineCpu: [...used.values()].reduce((sum, n) => sum + n, 0),
          throttledShare: periods > 0 ? throttled / periods : null,
        });
        const last = results.at(-1)!;
        log(
          `  ${count}× ${workload}: ${last.perSecond.toFixed(1)} ${last.unit}, app ${last.appCpu.toFixed(0)}% of its ${quotaPercent}% quota, postgres ${last.postgresCpu.toFixed(0)}%`,
        );
      }
    } finally {
      await tier.stop();
      await client.end();
    }
    return results;
  });
}

// ---------------------------------------------------------------- report

const pad = (text: string, width: number) => text.padStart(width);

function table(results: Measured[]): string[] {
  const header = [
    "workload   n  throughput       answered  jobs after  p50 ms  p95 ms  errors  acknowledged  stored   app CPU/quota  throttled  postgres  generator  machine",
  ];
  return header.concat(
    results.map((r) =>
      [
        r.workload.padEnd(9),
        pad(String(r.instances), 2),
        pad(`${r.perSecond.toFixed(1)} ${r.unit}`, 15),
        pad(r.answeredPerSecond.toFixed(1), 9),
        pad(`${r.drainSeconds.toFixed(1)} s`, 11),
        pad(r.p50.toFixed(1), 7),
        pad(r.p95.toFixed(1), 7),
        pad(String(r.errors), 7),
        pad(r.acknowledged === null ? "-" : String(r.acknowledged), 13),
        pad(r.stored === null ? "-" : String(r.stored), 7),
        pad(`${r.appCpu.toFixed(0)}%/${(r.instances * CORES_PER_INSTANCE * 100).toFixed(0)}%`, 14),
        pad(r.throttledShare === null ? "-" : `${(r.throttledShare * 100).toFixed(0)}%`, 10),
        pad(`${r.postgresCpu.toFixed(0)}%`, 9),
        pad(`${r.generatorCpu.toFixed(0)}%`, 10),
        pad(`${r.machineCpu.toFixed(0)}%`, 8),
      ].join(" "),
    ),
  );
}

/** Whether the machine itself was out of CPU (nearly all of its cores busy) at this count. */
const isMachineBound = (r: Measured) => r.machineCpu >= SATURATED * availableParallelism() * 100;

/** Whether the quota'd tier was the limit at this count (it used nearly all of its quota). */
const isAppBound = (r: Measured) => r.appCpu >= SATURATED * r.instances * CORES_PER_INSTANCE * 100;

function verdicts(results: Measured[], log: (line: string) => void) {
  const ratios = new Map<Workload, Map<number, number>>();
  for (const workload of ["ingestion", "leads", "crm"] as Workload[]) {
    const rows = results.filter((r) => r.workload === workload);
    const one = rows.find((r) => r.instances === 1);
    const perCount = new Map<number, number>();
    ratios.set(workload, perCount);
    let limitedAt: Measured | undefined;
    for (const row of rows) {
      if (!limitedAt && !isAppBound(row)) {
        const quota = (row.instances * CORES_PER_INSTANCE * 100).toFixed(0);
        const machine = `postgres ${row.postgresCpu.toFixed(0)}%, generator ${row.generatorCpu.toFixed(0)}%, machine ${row.machineCpu.toFixed(0)}% of ${availableParallelism() * 100}%`;
        if (isMachineBound(row)) {
          // Only a machine out of CPU excuses the tier: then the ratio is judged up to the count before.
          limitedAt = row;
          const biggest = row.postgresCpu >= row.generatorCpu ? "PostgreSQL" : "the load generator";
          log(
            `${workload}: at ${row.instances} instance(s) the tier used ${row.appCpu.toFixed(0)}% of its ${quota}% quota and the machine ran out of CPU: ${machine} — ${biggest === "PostgreSQL" ? "PostgreSQL's CPU is the limit" : "the load generator's CPU is the limit"}`,
          );
        } else {
          // CPU to spare everywhere, yet the tier idles: requests wait on something shared (a lock, the
          // database's I/O). That is the app's to fix, so the ratio is still judged.
          log(
            `${workload}: at ${row.instances} instance(s) the tier used ${row.appCpu.toFixed(0)}% of its ${quota}% quota while the machine had CPU to spare (${machine}): requests wait on something shared, not on CPU`,
          );
        }
      }
      if (!one || row.instances === 1) continue;
      const ratio = row.perSecond / one.perSecond;
      perCount.set(row.instances, ratio);
      const target = TARGETS[row.instances];
      if (!target) continue;
      const judged = !limitedAt || limitedAt.instances > row.instances;
      const met = ratio >= target;
      log(
        `${workload} ${row.instances}x = ${ratio.toFixed(2)} (target ≥ ${target}): ${
          judged
            ? met
              ? "met"
              : "NOT met"
            : `not judged: the machine ran out of CPU at ${limitedAt!.instances} instance(s)${met ? " (met anyway)" : ""}`
        }`,
      );
    }
  }
  return ratios;
}

async function main() {
  requireProductionBuild();
  if (!usesDatabaseServer())
    throw new Error(
      "several instances need one PostgreSQL server: set BENCH_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres); each count gets a fresh database on it",
    );
  if (process.getuid?.() !== 0)
    throw new Error("the CPU quota (cgroups) needs root: run the bench as root");
  const buildOrigin = readBuildSiteUrl();
  if (buildOrigin !== `http://127.0.0.1:${BALANCER_PORT}`)
    console.log(
      `note: the build is for ${buildOrigin}; staff sign-in checks the origin, so build with SITE_URL=http://127.0.0.1:${BALANCER_PORT} (or set BENCH_PORT to the build's port)`,
    );
  const startedAt = new Date();
  const lines: string[] = [];
  const log = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  log(
    `scale-out: ${COUNTS.join(", ")} instances × ${CORES_PER_INSTANCE} core, HAProxy leastconn, ${CONNECTIONS} connections (leads ${LEAD_CONNECTIONS}), ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per workload, ${STAFF} staff, ${SEEDED_LEADS} seeded leads; load average ${formatLoadAverage()}`,
  );
  const results: Measured[] = [];
  for (const count of COUNTS) {
    log(`${count} instance(s):`);
    try {
      results.push(...(await measureCount(count, log)));
    } catch (error) {
      if (/cgroup|cpu\.max|cfs_quota|EACCES|EROFS|EPERM/.test(String(error)))
        log(`CPU quota could NOT be set: ${(error as Error).message}`);
      throw error;
    }
  }
  const tableLines = table(results);
  log("");
  for (const line of tableLines) log(line);
  log("");
  const ratios = verdicts(results, log);
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  const lost = results.reduce(
    (sum, r) =>
      sum +
      (r.acknowledged !== null && r.stored !== null ? Math.max(0, r.acknowledged - r.stored) : 0),
    0,
  );
  for (const r of results)
    if (r.acknowledged !== null && r.stored !== null && r.acknowledged !== r.stored)
      log(`${r.workload} at ${r.instances}: acknowledged ${r.acknowledged} but stored ${r.stored}`);
  log(`load average at the end: ${formatLoadAverage()}`);
  const ratio = (workload: Workload, n: number) => ratios.get(workload)?.get(n)?.toFixed(2) ?? "-";
  const summary = `scale-out: ingestion 2x=${ratio("ingestion", 2)} 4x=${ratio("ingestion", 4)}; leads 2x=${ratio("leads", 2)} 4x=${ratio("leads", 4)}; crm 2x=${ratio("crm", 2)} 4x=${ratio("crm", 4)}; errors=${errors} lost=${lost}`;
  const file = recordRun(
    {
      name: "scale-out",
      command: "npm run bench:scale-out",
      alsoRunning:
        process.env.BENCH_ALSO_RUNNING ||
        `not stated (load average ${formatLoadAverage()} at the end)`,
      output: lines.join("\n"),
      summaryLine: summary,
    },
    startedAt,
  );
  console.log(`run written to ${file}`);
  console.log(summary);
}

runBenchmark(main);

// Outbox drain: 10,000 queued e-mails (rows and jobs exactly as the app writes them) delivered by
// `npm run worker` processes through a local SMTP server. Prints messages per second, the p50/p95
// from enqueue to the server's receipt, and proves every message arrived exactly once.
// Uses a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (the workers are separate
// processes, which the embedded database cannot serve).
//   TEST_DATABASE_URL=postgresql://… npm run bench:outbox-drain
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import {
  formatLoadAverage,
  runBenchmark,
  usesDatabaseServer,
  withBenchDatabase,
} from "./lib/bench-harness";
import { runRecorded } from "./lib/run-output";

const COUNT = Number(process.env.BENCH_MESSAGES || 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS || 2);
const CONCURRENCY = Number(process.env.BENCH_JOB_CONCURRENCY || 20);

/** A local SMTP server that records when each Message-ID arrived (and how often). */
async function startSmtp() {
  const arrivals = new Map<string, number[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4000) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1] ?? "unknown";
        arrivals.set(id, [...(arrivals.get(id) ?? []), Date.now()]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function startWorker(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "./scripts/lib/server-only-hook.mjs", "--import", "tsx", "scripts/worker.ts"],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtpUrl,
        JOBS_POLL_MS: "100",
        JOBS_CONCURRENCY: String(CONCURRENCY),
        NODE_ENV: "production",
        SESSION_SECRET: "bench-session-secret-0123456789abcdefghij",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("started")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<string> {
  let summary = "";
  if (!usesDatabaseServer())
    throw new Error(
      "set TEST_DATABASE_URL (or BENCH_DATABASE_URL): the workers are separate processes",
    );
  await withBenchDatabase(async (database) => {
    const smtp = await startSmtp();
    const workers = await Promise.all(
      Array.from({ length: WORKERS }, () => startWorker(database.url, smtp.url)),
    );
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Enqueue in batches of 500 (one transaction each, as a burst of requests would).
      const enqueuedAt = new Map<string, number>();
      const started = Date.now();
      for (let offset = 0; offset < COUNT; offset += 500) {
        const ids = Array.from({ length: Math.min(500, COUNT - offset) }, () => randomUUID());
        await client.query("BEGIN");
        await client.query(
          `INSERT INTO mail_messages (id, kind, to_address, subject, status, body_html, body_text)
           SELECT id, 'proposal', 'client-' || n || '@example.com', 'Bench ' || n, 'queued', '<p>Hola</p>', 'Hola'
           FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
          [ids],
        );
        await client.query(
          `INSERT INTO jobs (id, kind, key, payload)
           SELECT gen_random_uuid(), 'mail.send', 'mail:' || id, jsonb_build_object('messageId', id)
           FROM unnest($1::uuid[]) AS t(id)`,
          [ids],
        );
        await client.query("COMMIT");
        const now = Date.now();
        for (const id of ids) enqueuedAt.set(id, now);
      }
      const enqueueMs = Date.now() - started;

      while (smtp.arrivals.size < COUNT) {
        if (Date.now() - started > 30 * 60_000) throw new Error("timed out after 30 minutes");
        await new Promise((r) => setTimeout(r, 200));
      }
      const lastArrival = Math.max(...[...smtp.arrivals.values()].flat());
      await new Promise((r) => setTimeout(r, 2000)); // any duplicate would arrive now
      const seconds = (lastArrival - started) / 1000;

      const latencies = [...enqueuedAt].map(([id, at]) => smtp.arrivals.get(id)![0]! - at);
      latencies.sort((a, b) => a - b);
      const duplicates = [...smtp.arrivals.values()].filter((times) => times.length > 1).length;
      const unknown = [...smtp.arrivals.keys()].filter((id) => !enqueuedAt.has(id)).length;
      const { rows } = await client.query<{ status: string; n: string }>(
        "SELECT status, count(*) AS n FROM mail_messages GROUP BY status",
      );

      console.log(
        `outbox drain: ${COUNT} e-mails, ${WORKERS} worker processes × ${CONCURRENCY} jobs per round`,
      );
      console.log(
        `  enqueue:   ${enqueueMs} ms for all (${Math.round(COUNT / (enqueueMs / 1000))}/s)`,
      );
      console.log(
        `  drain:     ${seconds.toFixed(1)} s → ${(COUNT / seconds).toFixed(1)} messages/s`,
      );
      console.log(
        `  enqueue → delivery: p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(1)} s, max ${(latencies.at(-1)! / 1000).toFixed(1)} s`,
      );
      console.log(
        `  exactly once: ${smtp.arrivals.size} distinct messages received, ${duplicates} duplicates, ${unknown} unknown; rows ${rows.map((r) => `${r.status}=${r.n}`).join(", ")}`,
      );
      console.log(`  load average: ${formatLoadAverage()}`);
      summary = `outbox-drain: messages/s=${(COUNT / seconds).toFixed(1)} p95=${(percentile(latencies, 95) / 1000).toFixed(1)}s duplicates=${duplicates} lost=${COUNT - smtp.arrivals.size}`;
      if (duplicates > 0 || unknown > 0 || smtp.arrivals.size !== COUNT)
        throw new Error("not every message arrived exactly once");
    } finally {
      await client.end();
      for (const worker of workers) worker.kill("SIGINT");
      await Promise.all(workers.map((w) => new Promise((r) => w.once("exit", r))));
      await smtp.stop();
    }
  });
  return summary;
}

runBenchmark(() =>
  runRecorded({ name: "outbox-drain", command: "npx tsx bench/outbox-drain.ts" }, main),
);

// The worker as deployments run it (`npm run worker`, separate processes on one PostgreSQL server):
// two instances share the work with each job once, a worker killed mid-job loses nothing and sends
// nothing twice, and Ctrl-C finishes the job in hand.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import type { FreshDatabase } from "../../support/database";
import { createMigratedServerDatabase } from "../../support/private-postgres";
import { startCaptureSmtp } from "../../support/smtp";

let database: FreshDatabase;
let prisma: PrismaClient;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let greetingDelay = 0;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  database = await createMigratedServerDatabase();
  prisma = createPrismaClient(database.url);
  smtp = await startCaptureSmtp({ greetingDelayMs: () => greetingDelay });
}, 120_000);

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill("SIGKILL");
  await prisma?.$disconnect();
  await smtp?.stop();
  await database?.dispose();
});

/** `npm run worker`, as its own process; resolves once it says it started. */
async function startWorkerProcess(): Promise<ChildProcess & { output: () => string }> {
  // The command behind `npm run worker`, without npm in between: signals reach the worker itself.
  const child = spawn(
    process.execPath,
    ["--import", "./scripts/lib/server-only-hook.mjs", "--import", "tsx", "scripts/worker.ts"],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: "",
        DATABASE_PREPARED_STATEMENTS: "",
        SMTP_URL: smtp.url,
        JOBS_POLL_MS: "50",
        JOBS_RETRY_BASE_SECONDS: "0.2",
        NODE_ENV: "development",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  workers.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 300 && !output.includes("started"); i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!output.includes("started")) throw new Error(`worker did not start:\n${output}`);
  return Object.assign(child, { output: () => output });
}

/** Queues e-mails exactly as the app does: a message row and its job keyed on the message id. */
async function queueMails(count: number, tag: string): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await prisma.$transaction([
    prisma.mailMessage.createMany({
      data: ids.map((id, i) => ({
        id,
        kind: "proposal",
        toAddress: `${tag}-${i}@example.com`,
        subject: `${tag} ${i}`,
        status: "queued",
        bodyHtml: "<p>hola</p>",
        bodyText: "hola",
      })),
    }),
    prisma.job.createMany({
      data: ids.map((id) => ({ kind: "mail.send", key: `mail:${id}`, payload: { messageId: id } })),
    }),
  ]);
  return ids;
}

async function waitUntil(check: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

const receivedFor = (tag: string) => smtp.messages.filter((m) => m.to[0]!.startsWith(`${tag}-`));

it("two worker processes share 200 e-mails: every one delivered exactly once, both did work", async () => {
  greetingDelay = 10;
  const [a, b] = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
  const ids = await queueMails(200, "pair");
  await waitUntil(
    async () =>
      (await prisma.mailMessage.count({ where: { id: { in: ids }, status: "sent" } })) === 200,
  );
  const received = receivedFor("pair");
  expect(received).toHaveLength(200);
  expect(new Set(received.map((m) => m.to[0])).size).toBe(200);
  const jobs = await prisma.job.findMany({ where: { key: { in: ids.map((id) => `mail:${id}`) } } });
  expect(jobs.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
  // Both processes claimed some of the work.
  expect(new Set(jobs.map((job) => job.lockedBy?.split(":")[1])).size).toBe(2);
  a.kill("SIGINT");
  b.kill("SIGINT");
  await Promise.all([a, b].map((w) => new Promise((r) => w.once("exit", r))));
}, 120_000);

it("a worker killed mid-job: the job is claimed again when its lease runs out and the e-mail goes out once", async () => {
  greetingDelay = 4000; // the mail server keeps the first worker waiting mid-conversation
  const first = await startWorkerProcess();
  const [id] = await queueMails(1, "killed");
  await waitUntil(
    async () =>
      (await prisma.job.findUnique({ where: { key: `mail:${id}` } }))?.status === "running",
  );
  first.kill("SIGKILL");
  await new Promise((r) => first.once("exit", r));
  expect(receivedFor("killed")).toHaveLength(0);
  // The dead worker's lease (30 seconds, lib/queue/worker.ts) is made to run out now rather than waited for.
  await prisma.job.update({
    where: { key: `mail:${id}` },
    data: { lockedUntil: new Date(Date.now() - 1000) },
  });

  greetingDelay = 0;
  const second = await startWorkerProcess();
  await waitUntil(
    async () => (await prisma.mailMessage.findUnique({ where: { id } }))?.status === "sent",
  );
  await new Promise((r) => setTimeout(r, 1000));
  expect(receivedFor("killed")).toHaveLength(1);
  const job = await prisma.job.findUnique({ where: { key: `mail:${id}` } });
  expect({ ...job, payload: null }).toMatchObject({ status: "done", attempts: 2 });
  second.kill("SIGINT");
  await new Promise((r) => second.once("exit", r));
}, 120_000);

it("Ctrl-C lets the job in hand finish: the e-mail is delivered and the worker exits cleanly", async () => {
  greetingDelay = 1500;
  const worker = await startWorkerProcess();
  const [id] = await queueMails(1, "ctrlc");
  await waitUntil(
    async () =>
      (await prisma.job.findUnique({ where: { key: `mail:${id}` } }))?.status === "running",
  );
  worker.kill("SIGINT");
  const code = await new Promise((r) => worker.once("exit", r));
  expect({ code, output: worker.output() }).toMatchObject({ code: 0 });
  expect(worker.output()).toContain("job worker stopped");
  expect(receivedFor("ctrlc")).toHaveLength(1);
  expect(await prisma.job.findUnique({ where: { key: `mail:${id}` } })).toMatchObject({
    status: "done",
  });
}, 120_000);

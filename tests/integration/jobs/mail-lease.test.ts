// Mail is delivered at least once, and the window for a second copy is kept small: a worker holds a
// job by a short lease that its heartbeat extends while the SMTP conversation lasts, so a slow mail
// server never lets a second worker take the same e-mail over and send it again.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as outbox } from "@/app/api/staff/outbox/route";
import { JOB_HANDLERS } from "@/lib/jobs/registry";
import { runDueJobs } from "@/lib/queue/worker";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie } from "../../support/staff";

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let greetingDelay = 0;

beforeAll(async () => {
  smtp = await startCaptureSmtp({ greetingDelayMs: () => greetingDelay });
  process.env.SMTP_URL = smtp.url;
  await cancelLeftoverMail();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

const LEASE_MS = 300;

it("a send slower than the lease stays with its worker: a second worker polling meanwhile does not send it again", async () => {
  const to = `lento-${randomUUID().slice(0, 8)}@example.com`;
  const id = await enqueueMail({
    kind: "proposal",
    to,
    subject: "Lento",
    html: "<p>hola</p>",
    text: "hola",
  });
  // The mail server takes five leases to greet: without a heartbeat the lease would run out mid-send.
  greetingDelay = 5 * LEASE_MS;
  const first = runDueJobs(JOB_HANDLERS, { workerId: "first", leaseMs: LEASE_MS, concurrency: 1 });
  // The second worker starts polling once the first holds the e-mail: on a busy machine its first poll
  // could otherwise reach the queue before the first worker's claim does, and take the e-mail itself.
  const key = `mail:${id}`;
  const claimBy = Date.now() + 10_000;
  while ((await testDb().job.findUnique({ where: { key } }))?.lockedBy !== "first") {
    if (Date.now() > claimBy) throw new Error("the first worker never claimed the e-mail");
    await new Promise((r) => setTimeout(r, 10));
  }
  const until = Date.now() + 6 * LEASE_MS;
  let taken = 0;
  while (Date.now() < until) {
    taken += await runDueJobs(JOB_HANDLERS, {
      workerId: "second",
      leaseMs: LEASE_MS,
      concurrency: 1,
    });
    await new Promise((r) => setTimeout(r, LEASE_MS / 3));
  }
  expect(await first).toBe(1);
  greetingDelay = 0;
  expect(taken).toBe(0);
  expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  const job = await testDb().job.findUniqueOrThrow({ where: { key } });
  expect(job).toMatchObject({ status: "done", attempts: 1, lockedBy: "first" });
});

it("a send whose first attempt did not finish is sent by the next one, and the outbox says it took two attempts", async () => {
  const to = `reintento-${randomUUID().slice(0, 8)}@example.com`;
  const id = await enqueueMail({
    kind: "proposal",
    to,
    subject: "Reintento",
    html: "<p>hola</p>",
    text: "hola",
  });
  // A worker claimed it and died (nothing in hand any more): its short lease has just run out.
  await testDb().job.update({
    where: { key: `mail:${id}` },
    data: {
      status: "running",
      attempts: 1,
      lockedBy: "dead",
      lockedUntil: new Date(Date.now() - 1),
    },
  });
  expect(await runDueJobs(JOB_HANDLERS, { workerId: "alive", leaseMs: LEASE_MS })).toBe(1);
  expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  const list = await callRoute(outbox, {
    path: "/api/staff/outbox?status=sent",
    cookie: await staffCookie(),
  });
  expect(list.status).toBe(200);
  expect((list.json.messages as { id: string }[]).find((m) => m.id === id)).toMatchObject({
    status: "sent",
    attempts: 2,
  });
});

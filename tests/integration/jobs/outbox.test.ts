import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { POST as cancel } from "@/app/api/staff/outbox/[id]/cancel/route";
import { POST as retry } from "@/app/api/staff/outbox/[id]/retry/route";
import { GET as outbox } from "@/app/api/staff/outbox/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie } from "../../support/staff";

// The mail server is switched off, refusing and back on during this file, always on one port.
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>> | null = null;
let smtpPort = 0;
let refusal: string | null = null;
let cookie: string;

async function smtpUp() {
  smtp = await startCaptureSmtp({ port: smtpPort, refuseWith: () => refusal });
}
async function smtpDown() {
  await smtp?.stop();
  smtp = null;
}

beforeAll(async () => {
  // Retries 0.3 s, 0.6 s apart instead of 30 s, 60 s…; three attempts before "failed". (The retry time is
  // set when an attempt starts: much shorter, and a loaded machine's slow attempt is already due again
  // before the worker's round ends.)
  process.env.JOBS_RETRY_BASE_SECONDS = "0.3";
  process.env.MAIL_MAX_ATTEMPTS = "3";
  const probe = await startCaptureSmtp();
  smtpPort = probe.port;
  await probe.stop();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  await cancelLeftoverMail();
  cookie = await staffCookie({ name: "Marta" });
});

afterAll(async () => {
  await smtpDown();
  delete process.env.SMTP_URL;
});

async function queueProposalMail(to: string) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: { data: { title: "Cola", client: { name: "Cliente Cola", contactEmail: to } } },
    cookie,
  });
  const sent = await callRoute(sendEmail, {
    method: "POST",
    path: "/api/crm/send-email",
    body: { proposal_id: created.json.id, to_email: to, subject: `Propuesta para ${to}` },
    cookie,
  });
  expect(sent.status).toBe(202);
  expect(sent.json).toMatchObject({ status: "queued", message_id: expect.any(String) });
  return sent.json.message_id as string;
}

async function outboxEntry(id: string) {
  const list = await callRoute(outbox, { path: "/api/staff/outbox", cookie });
  expect(list.status).toBe(200);
  return (list.json.messages as { id: string }[]).find((m) => m.id === id) as
    Record<string, unknown> | undefined;
}

/** Runs the worker until nothing is due, waiting out the (short) backoff between rounds. */
async function drainFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await drainDueJobs();
    await new Promise((r) => setTimeout(r, 40));
  }
}

const deliveredTo = (address: string) =>
  (smtp?.messages ?? []).filter((m) => m.to.includes(address)).length;

describe("the outbox", () => {
  it("answers a send with 202 queued at once; the worker delivers it once and the outbox shows it sent", async () => {
    await smtpUp();
    const to = `cola-${Date.now()}@example.com`;
    const id = await queueProposalMail(to);
    expect(await outboxEntry(id)).toMatchObject({ status: "queued", attempts: 0, to });
    expect(deliveredTo(to)).toBe(0);

    await drainDueJobs();
    expect(deliveredTo(to)).toBe(1);
    const entry = await outboxEntry(id);
    expect(entry).toMatchObject({
      status: "sent",
      attempts: 1,
      last_error: null,
      kind: "proposal",
    });
    expect(entry!.sent_at).toEqual(expect.any(String));
    const [mail] = smtp!.messages.filter((m) => m.to.includes(to));
    expect(mail!.parsed.messageId).toContain(id);

    // A job that runs again (its worker died before recording it done) does not send twice.
    await testDb().job.update({
      where: { key: `mail:${id}` },
      data: { status: "queued", runAt: new Date() },
    });
    await drainDueJobs();
    expect(deliveredTo(to)).toBe(1);

    const sentOnly = await callRoute(outbox, { path: "/api/staff/outbox?status=sent", cookie });
    expect(sentOnly.json.messages.every((m: { status: string }) => m.status === "sent")).toBe(true);
    expect(sentOnly.json.messages.some((m: { id: string }) => m.id === id)).toBe(true);
  });

  it("keeps retrying while the mail server is down and delivers each message exactly once when it is back", async () => {
    await smtpDown();
    const addresses = [1, 2, 3].map((n) => `caida-${n}-${Date.now()}@example.com`);
    const ids = [];
    for (const to of addresses) ids.push(await queueProposalMail(to));

    await drainDueJobs();
    for (const id of ids) {
      const entry = await outboxEntry(id);
      expect(entry).toMatchObject({ status: "retrying" });
      expect(entry!.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(entry!.next_attempt_at as string)).toBeGreaterThan(Date.now() - 1000);
    }

    await smtpUp();
    await drainFor(2000);
    for (const [i, to] of addresses.entries()) {
      expect(deliveredTo(to)).toBe(1);
      expect(await outboxEntry(ids[i]!)).toMatchObject({ status: "sent" });
    }
  });

  it("marks a message the server keeps refusing (5xx) failed after the limit, then 'Retry now' delivers it once the server accepts", async () => {
    refusal = "550 5.1.1 mailbox unavailable";
    const to = `rechazo-${Date.now()}@example.com`;
    const id = await queueProposalMail(to);
    await drainFor(2500);
    const failed = await outboxEntry(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3, next_attempt_at: null });
    expect(failed!.last_error).toContain("550");
    const job = await testDb().job.findUnique({ where: { key: `mail:${id}` } });
    expect(job).toMatchObject({ status: "failed", attempts: 3 });

    // No endless retry: nothing more happens on its own.
    await drainFor(300);
    expect(await outboxEntry(id)).toMatchObject({ status: "failed", attempts: 3 });

    const failedOnly = await callRoute(outbox, { path: "/api/staff/outbox?status=failed", cookie });
    expect(failedOnly.json.messages.map((m: { id: string }) => m.id)).toContain(id);

    refusal = null;
    const retried = await callRoute(retry, {
      method: "POST",
      path: `/api/staff/outbox/${id}/retry`,
      params: { id },
      cookie,
    });
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ id, status: "queued" });
    await drainDueJobs();
    expect(deliveredTo(to)).toBe(1);
    expect(await outboxEntry(id)).toMatchObject({ status: "sent", attempts: 1 });

    const again = await callRoute(retry, {
      method: "POST",
      path: `/api/staff/outbox/${id}/retry`,
      params: { id },
      cookie,
    });
    expect(again.status).toBe(409);
  });

  it("cancels a message not yet sent: it is never delivered", async () => {
    await smtpDown();
    const to = `cancelar-${Date.now()}@example.com`;
    const id = await queueProposalMail(to);
    const cancelled = await callRoute(cancel, {
      method: "POST",
      path: `/api/staff/outbox/${id}/cancel`,
      params: { id },
      cookie,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ id, status: "cancelled" });
    await smtpUp();
    await drainFor(200);
    expect(deliveredTo(to)).toBe(0);
    expect(await outboxEntry(id)).toMatchObject({ status: "cancelled", attempts: 0 });
  });

  it("answers unknown and malformed ids with 404, a bad status filter with 400, and signed-out callers with 401", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const unknown = await callRoute(retry, {
      method: "POST",
      path: `/api/staff/outbox/${missing}/retry`,
      params: { id: missing },
      cookie,
    });
    expect(unknown.status).toBe(404);
    const badId = await callRoute(cancel, {
      method: "POST",
      path: "/api/staff/outbox/nope/cancel",
      params: { id: "nope" },
      cookie,
    });
    expect(badId.status).toBe(404);
    const badStatus = await callRoute(outbox, { path: "/api/staff/outbox?status=lost", cookie });
    expect(badStatus.status).toBe(400);
    const signedOut = await callRoute(outbox, { path: "/api/staff/outbox" });
    expect(signedOut.status).toBe(401);
  });
});

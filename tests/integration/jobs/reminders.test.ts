// The client's one reminder before a shared proposal expires: scheduled as a job 3 days before the
// date when the link is shared or its date moves, decided when it runs (signed, expired, withdrawn or
// turned off by staff: nothing), and never more than one e-mail per proposal. Real SMTP on loopback.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as extendProposal } from "@/app/api/crm/proposals/[id]/extend/route";
import { PUT as setReminders } from "@/app/api/crm/proposals/[id]/reminders/route";
import { GET as getProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as withdrawProposal } from "@/app/api/crm/proposals/[id]/withdraw/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie } from "../../support/staff";

const DAY_MS = 86_400_000;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let cookie: string;

beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  await cancelLeftoverMail();
  cookie = await staffCookie();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

async function sharedProposal(options: { lang?: "es" | "en"; client?: string } = {}) {
  const clientEmail = options.client ?? `cliente-${randomUUID().slice(0, 8)}@example.com`;
  const title = `Recordatorio ${randomUUID().slice(0, 6)}`;
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: {
      data: {
        title,
        lang: options.lang ?? "es",
        client: { name: "Autos Caribe", contactEmail: clientEmail },
      },
    },
    cookie,
  });
  expect(created.status).toBe(201);
  const { id, token } = created.json as { id: string; token: string };
  const shared = await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
  return { id, token, title, clientEmail, expiresAt: new Date(shared.json.expires_at) };
}

const reminderJobs = (proposalId: string) =>
  testDb().job.findMany({
    where: { kind: "proposal.reminder", payload: { path: ["proposalId"], equals: proposalId } },
    orderBy: { createdAt: "asc" },
  });

/** Three days before the date: every reminder job of the proposal is due now. */
async function reminderTimeComes(proposalId: string) {
  await testDb().job.updateMany({
    where: {
      kind: "proposal.reminder",
      status: "queued",
      payload: { path: ["proposalId"], equals: proposalId },
    },
    data: { runAt: new Date(Date.now() - 1000) },
  });
  await drainDueJobs();
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

describe("the client's reminder", () => {
  it("is scheduled 3 days before the date when the link is shared, and goes once, in the proposal's language, with the link", async () => {
    const proposal = await sharedProposal({ lang: "en" });
    const [job, ...others] = await reminderJobs(proposal.id);
    expect(others).toHaveLength(0);
    expect(job!.runAt.getTime()).toBe(proposal.expiresAt.getTime() - 3 * DAY_MS);
    await drainDueJobs();
    expect(mailsTo(proposal.clientEmail)).toHaveLength(0); // not due yet

    await reminderTimeComes(proposal.id);
    const [reminder, ...more] = mailsTo(proposal.clientEmail);
    expect(more).toHaveLength(0);
    expect(reminder!.parsed.subject).toBe(
      `Reminder: the proposal “${proposal.title}” expires on ${new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(proposal.expiresAt)}`,
    );
    expect(reminder!.parsed.text).toContain(`/proposals/ai-generated/${proposal.token}`);
    const stored = await testDb().mailMessage.findMany({
      where: { proposalId: proposal.id, kind: "reminder" },
    });
    expect(stored.map((m) => m.status)).toEqual(["sent"]);

    // The job runs again (a worker died after it, say): still one reminder.
    await testDb().job.update({
      where: { id: job!.id },
      data: { status: "queued", runAt: new Date(Date.now() - 1000) },
    });
    await drainDueJobs();
    expect(mailsTo(proposal.clientEmail)).toHaveLength(1);
  });

  it("is not sent when staff turned reminders off through the API (and the change is audited)", async () => {
    const proposal = await sharedProposal();
    const off = await callRoute(setReminders, {
      method: "PUT",
      path: `/api/crm/proposals/${proposal.id}/reminders`,
      params: { id: proposal.id },
      body: { enabled: false },
      cookie,
    });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ reminders_enabled: false });
    const read = await callRoute(getProposal, {
      path: `/api/crm/proposals/${proposal.id}`,
      params: { id: proposal.id },
      cookie,
    });
    expect(read.json.data.reminders_enabled).toBe(false);
    await reminderTimeComes(proposal.id);
    expect(mailsTo(proposal.clientEmail)).toHaveLength(0);
    const [job] = await reminderJobs(proposal.id);
    expect(job).toMatchObject({ status: "done", result: { skipped: "reminders off" } });
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: proposal.id, type: { startsWith: "reminders_" } },
    });
    expect(events.map((e) => e.type)).toEqual(["reminders_off"]);
  });

  it("answers 404 for an unknown proposal and 400 for a body that is not {enabled: boolean}", async () => {
    const missing = randomUUID();
    const unknown = await callRoute(setReminders, {
      method: "PUT",
      path: `/api/crm/proposals/${missing}/reminders`,
      params: { id: missing },
      body: { enabled: true },
      cookie,
    });
    expect(unknown.status).toBe(404);
    const proposal = await sharedProposal();
    const bad = await callRoute(setReminders, {
      method: "PUT",
      path: `/api/crm/proposals/${proposal.id}/reminders`,
      params: { id: proposal.id },
      body: { enabled: "no" },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.enabled).toBeDefined();
  });

  it("is not sent once the proposal is signed, withdrawn or expired", async () => {
    const signed = await sharedProposal();
    const signedAnswer = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${signed.token}/signature`,
      params: { token: signed.token },
      body: {
        full_name: "Ana Pérez",
        role: "Directora",
        company: "Autos Caribe",
        date: "2026-11-23",
        image: signaturePng(),
        version: 1,
      },
      headers: { "user-agent": "ClientBrowser/1.0", "x-forwarded-for": "203.0.113.9" },
    });
    expect(signedAnswer.status).toBe(201);

    const withdrawn = await sharedProposal();
    await callRoute(withdrawProposal, {
      method: "POST",
      path: `/api/crm/proposals/${withdrawn.id}/withdraw`,
      params: { id: withdrawn.id },
      cookie,
    });

    const expired = await sharedProposal();
    await testDb().proposal.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    for (const proposal of [signed, withdrawn, expired]) await reminderTimeComes(proposal.id);
    const reminders = await testDb().mailMessage.count({
      where: { proposalId: { in: [signed.id, withdrawn.id, expired.id] }, kind: "reminder" },
    });
    expect(reminders).toBe(0);
    const results = await Promise.all(
      [signed, withdrawn, expired].map(async (p) => (await reminderJobs(p.id))[0]!.result),
    );
    expect(results).toEqual([
      { skipped: "signed" },
      { skipped: "withdrawn" },
      { skipped: "expired" },
    ]);
  });

  it("moves with the date when staff extend the link: the old date's job does nothing, the new one reminds once", async () => {
    const proposal = await sharedProposal();
    const extended = await callRoute(extendProposal, {
      method: "POST",
      path: `/api/crm/proposals/${proposal.id}/extend`,
      params: { id: proposal.id },
      body: { days: 10 },
      cookie,
    });
    expect(extended.status).toBe(200);
    const newDate = new Date(extended.json.expires_at);
    const jobs = await reminderJobs(proposal.id);
    expect(jobs.map((j) => j.runAt.getTime())).toEqual([
      proposal.expiresAt.getTime() - 3 * DAY_MS,
      newDate.getTime() - 3 * DAY_MS,
    ]);
    await reminderTimeComes(proposal.id);
    const after = await reminderJobs(proposal.id);
    expect(after.map((j) => j.result)).toEqual([
      { skipped: "date moved" },
      { message_id: expect.any(String) },
    ]);
    expect(mailsTo(proposal.clientEmail)).toHaveLength(1);
  });
});

// The lead page's endpoints against PostgreSQL and a real SMTP server: the lead's proposals and
// e-mails, e-mailing a lead through the outbox, the sales queue (owner=me_or_none), bulk changes by
// managers, and the in-app notifications they and proposal events write.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as listActivities } from "@/app/api/crm/leads/[id]/activities/route";
import { POST as emailLead } from "@/app/api/crm/leads/[id]/email/route";
import { GET as getLead, PATCH as patchLead } from "@/app/api/crm/leads/[id]/route";
import { POST as bulk } from "@/app/api/crm/leads/bulk/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as markRead } from "@/app/api/staff/notifications/read/route";
import { GET as listNotifications } from "@/app/api/staff/notifications/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { proposalData } from "../../support/proposals";
import { signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import {
  makeStaffAccount,
  signInCookie,
  uniqueAddress,
  type TestAccount,
} from "../../support/staff";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let manager: TestAccount;
let rep: TestAccount;
let colleague: TestAccount;
let managerCookie: string;
let repCookie: string;

beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  await cancelLeftoverMail();
  manager = await makeStaffAccount({ role: "manager", name: "Marta Manager" });
  rep = await makeStaffAccount({ role: "sales", name: "Rita Rep" });
  colleague = await makeStaffAccount({ role: "sales", name: "Carlos Colega" });
  await testDb().staffAccount.update({ where: { id: rep.id }, data: { lang: "en" } });
  [managerCookie, repCookie] = [await signInCookie(manager), await signInCookie(rep)];
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

const post = (handler: typeof bulk, path: string, body: unknown, cookie?: string, id?: string) =>
  callRoute(handler, {
    method: "POST",
    path,
    body,
    cookie,
    ...(id ? { params: { id } } : {}),
    headers: { "x-forwarded-for": uniqueAddress() },
  });
const sendEmail = (id: string, body: unknown, cookie = repCookie) =>
  post(emailLead, `/api/crm/leads/${id}/email`, body, cookie, id);
const bulkChange = (body: unknown, cookie = managerCookie) =>
  post(bulk, "/api/crm/leads/bulk", body, cookie);
const notificationsOf = (cookie: string, unread = false) =>
  callRoute(listNotifications, {
    path: `/api/staff/notifications${unread ? "?unread=1" : ""}`,
    cookie,
  });
const leadOf = (id: string, cookie = managerCookie) =>
  callRoute(getLead, { path: `/api/crm/leads/${id}`, params: { id }, cookie });

describe("e-mailing a lead", () => {
  it("queues it in the lead's language with Reply-To the rep, logs it, and shows its delivery", async () => {
    const lead = await makeLead({ name: "Ana Pérez", lang: "es", ownerId: rep.id });
    const sent = await sendEmail(lead.id, {
      subject: "Nuestra llamada",
      body: "Hola Ana,\n\nGracias por su tiempo.",
    });
    expect(sent.status, sent.text).toBe(202);
    const messageId = sent.json.message_id as string;
    const stored = await testDb().mailMessage.findUniqueOrThrow({ where: { id: messageId } });
    expect(stored).toMatchObject({
      kind: "lead_email",
      leadId: lead.id,
      toAddress: lead.email,
      replyTo: rep.email,
      subject: "Nuestra llamada",
    });
    expect(stored.bodyHtml).toContain('<html lang="es">');
    expect(stored.bodyText).toContain("Rita Rep");

    const before = await leadOf(lead.id);
    expect(before.json.emails).toEqual([
      expect.objectContaining({ id: messageId, subject: "Nuestra llamada", status: "queued" }),
    ]);
    await drainDueJobs();
    const delivered = smtp.messages.filter((m) => m.to.includes(lead.email!));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.parsed.replyTo?.text).toContain(rep.email);
    // A person's message: no Auto-Submitted header (answers and vacation replies are welcome).
    expect(delivered[0]!.parsed.headers.get("auto-submitted")).toBeUndefined();
    expect((await leadOf(lead.id)).json.emails[0].status).toBe("sent");

    const timeline = await callRoute(listActivities, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      cookie: repCookie,
    });
    expect(timeline.json[0]).toMatchObject({
      type: "lead_email",
      actor: "Rita Rep",
      detail: { subject: "Nuestra llamada", message_id: messageId },
    });
  });

  it("refuses a lead without an address (409), a missing lead (404), bad input (400) and no session (401)", async () => {
    const silent = await makeLead({ email: null });
    expect((await sendEmail(silent.id, { subject: "Hola", body: "Hola" })).status).toBe(409);
    expect((await sendEmail(MISSING_ID, { subject: "Hola", body: "Hola" })).status).toBe(404);
    const lead = await makeLead();
    const twoLines = await sendEmail(lead.id, { subject: "Hola\r\nBcc: x@example.com", body: "x" });
    expect(twoLines.status).toBe(400);
    expect(twoLines.json.error.fields.subject).toBeDefined();
    expect((await sendEmail(lead.id, { subject: "Hola", body: " " })).status).toBe(400);
    expect((await sendEmail(lead.id, { subject: "Hola", body: "x" }, "")).status).toBe(401);
    expect(await testDb().mailMessage.count({ where: { leadId: lead.id } })).toBe(0);
  });

  it("is 403 for a colleague's lead when the owner keeps sales to their own leads", async () => {
    const settings = await testDb().staffSettings.findUnique({ where: { id: 1 } });
    await testDb().staffSettings.upsert({
      where: { id: 1 },
      create: { id: 1, salesLeadVisibility: "own" },
      update: { salesLeadVisibility: "own" },
    });
    try {
      const theirs = await makeLead({ ownerId: colleague.id });
      expect((await sendEmail(theirs.id, { subject: "Hola", body: "Hola" })).status).toBe(403);
    } finally {
      await testDb().staffSettings.update({
        where: { id: 1 },
        data: { salesLeadVisibility: settings?.salesLeadVisibility ?? "all" },
      });
    }
  });
});

describe("the sales queue: owner=me_or_none", () => {
  it("lists the rep's own and the unassigned leads, never a colleague's", async () => {
    const tag = randomUUID().slice(0, 8);
    const [own, open, theirs] = [
      await makeLead({ company: `Queue ${tag} own`, ownerId: rep.id }),
      await makeLead({ company: `Queue ${tag} open` }),
      await makeLead({ company: `Queue ${tag} theirs`, ownerId: colleague.id }),
    ];
    const page = await callRoute(listLeads, {
      path: `/api/crm/leads?owner=me_or_none&q=${tag}`,
      cookie: repCookie,
    });
    expect(page.status).toBe(200);
    const ids = (page.json.leads as { id: string }[]).map((lead) => lead.id);
    expect(ids.sort()).toEqual([own.id, open.id].sort());
    expect(ids).not.toContain(theirs.id);
  });
});

describe("bulk changes", () => {
  it("assigns leads to a rep and moves their stage in one call; the rep is notified in the app and by one e-mail", async () => {
    const leads = await Promise.all(
      ["Uno", "Dos", "Tres"].map((name) => makeLead({ name: `Bulk ${name}` })),
    );
    const ids = leads.map((lead) => lead.id);
    const result = await bulkChange({
      ids: [...ids, MISSING_ID],
      owner_id: rep.id,
      stage: "Discovery",
    });
    expect(result.status, result.text).toBe(200);
    expect(result.json).toEqual({ updated: 3 });
    const stored = await testDb().lead.findMany({ where: { id: { in: ids } } });
    expect(stored.every((lead) => lead.ownerId === rep.id && lead.stage === "Discovery")).toBe(
      true,
    );
    const entries = await testDb().activity.findMany({ where: { leadId: ids[0] } });
    expect(entries.map((entry) => entry.type).sort()).toEqual(["owner_change", "stage_change"]);

    const unread = await notificationsOf(repCookie, true);
    const texts = (unread.json.data as { text: string; link: string }[]).filter((n) =>
      n.text.includes("Bulk"),
    );
    expect(texts.map((n) => n.text).sort()).toEqual([
      "Marta Manager assigned you the lead Bulk Dos",
      "Marta Manager assigned you the lead Bulk Tres",
      "Marta Manager assigned you the lead Bulk Uno",
    ]);
    expect(texts.map((n) => n.link)).toContain(`/crm/leads/${ids[0]}`);

    await drainDueJobs();
    const mails = smtp.messages.filter((m) => m.to.includes(rep.email));
    expect(mails.map((m) => m.parsed.subject)).toEqual(["Marta Manager assigned you 3 leads"]);
    expect(mails[0]!.parsed.text).toContain(`/crm/leads/${ids[2]}`);
  });

  it("moving stage alone changes no owner and tells nobody", async () => {
    const lead = await makeLead({ ownerId: colleague.id });
    expect((await bulkChange({ ids: [lead.id], stage: "Lost", reason: "price" })).json).toEqual({
      updated: 1,
    });
    const stored = await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(stored).toMatchObject({ stage: "Lost", ownerId: colleague.id });
    expect(await testDb().staffNotification.count({ where: { accountId: colleague.id } })).toBe(0);
  });

  it("is 403 for sales, 400 without a change, past 500 ids, or for an account that is not active", async () => {
    const lead = await makeLead();
    expect((await bulkChange({ ids: [lead.id], stage: "Won" }, repCookie)).status).toBe(403);
    const none = await bulkChange({ ids: [lead.id] });
    expect(none.status).toBe(400);
    expect(none.json.error.fields.owner_id).toBeDefined();
    const many = Array.from({ length: 501 }, () => randomUUID());
    expect((await bulkChange({ ids: many, stage: "Won" })).status).toBe(400);
    expect((await bulkChange({ ids: [], stage: "Won" })).status).toBe(400);
    expect((await bulkChange({ ids: [lead.id], owner_id: MISSING_ID })).status).toBe(400);
    expect((await bulkChange({ ids: ["nope"], stage: "Won" })).status).toBe(400);
    const stored = await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(stored.stage).toBe("Qualification");
  });

  it("a single reassignment notifies the new owner too, but taking a lead oneself does not", async () => {
    const lead = await makeLead({ name: "Single Hand" });
    const patched = await callRoute(patchLead, {
      method: "PATCH",
      path: `/api/crm/leads/${lead.id}`,
      params: { id: lead.id },
      body: { owner_id: colleague.id },
      cookie: managerCookie,
    });
    expect(patched.status).toBe(200);
    const rows = await testDb().staffNotification.findMany({ where: { accountId: colleague.id } });
    // Carlos works in Spanish (the default language of an account).
    expect(rows.map((row) => row.text)).toEqual(["Marta Manager te asignó el lead Single Hand"]);
    await callRoute(patchLead, {
      method: "PATCH",
      path: `/api/crm/leads/${lead.id}`,
      params: { id: lead.id },
      body: { owner_id: manager.id },
      cookie: managerCookie,
    });
    expect(await testDb().staffNotification.count({ where: { accountId: manager.id } })).toBe(0);
  });
});

describe("notifications", () => {
  it("lists the account's own, counts the unread, and marks some or all read", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    const cookie = await signInCookie(account);
    const make = (text: string, accountId = account.id) =>
      testDb().staffNotification.create({
        data: { accountId, kind: "new_lead", text, link: "/crm" },
      });
    const [first, second] = [await make("Uno"), await make("Dos")];
    await make("De otro", rep.id);
    const all = await notificationsOf(cookie);
    expect(all.json.unread).toBe(2);
    expect((all.json.data as { text: string }[]).map((n) => n.text)).toEqual(["Dos", "Uno"]);

    const read = await post(markRead, "/api/staff/notifications/read", { ids: [first.id] }, cookie);
    expect(read.json).toEqual({ updated: 1, unread: 1 });
    const unread = await notificationsOf(cookie, true);
    expect((unread.json.data as { id: string }[]).map((n) => n.id)).toEqual([second.id]);

    // Another account's id changes nothing.
    const others = await testDb().staffNotification.findFirstOrThrow({
      where: { accountId: rep.id, readAt: null },
    });
    const foreign = await post(
      markRead,
      "/api/staff/notifications/read",
      { ids: [others.id] },
      cookie,
    );
    expect(foreign.json.updated).toBe(0);
    expect(
      (await testDb().staffNotification.findUniqueOrThrow({ where: { id: others.id } })).readAt,
    ).toBeNull();

    const everything = await post(
      markRead,
      "/api/staff/notifications/read",
      { ids: "all" },
      cookie,
    );
    expect(everything.json).toEqual({ updated: 1, unread: 0 });
    expect(
      (await post(markRead, "/api/staff/notifications/read", { ids: [] }, cookie)).status,
    ).toBe(400);
    expect(
      (await post(markRead, "/api/staff/notifications/read", { ids: "some" }, cookie)).status,
    ).toBe(400);
    expect((await notificationsOf("")).status).toBe(401);
  });

  /** A proposal the manager wrote for the lead and shared: its id and client link token. */
  async function shareWithClient(data: object, leadId: string) {
    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: { data, lead_id: leadId },
      cookie: managerCookie,
    });
    expect(created.status, created.text).toBe(201);
    const { id, token } = created.json as { id: string; token: string };
    await callRoute(shareProposal, {
      method: "POST",
      path: `/api/crm/proposals/${id}/share`,
      params: { id },
      cookie: managerCookie,
    });
    return { id, token };
  }

  /** The client opens the link; the "opened" alert jobs run. */
  async function openAsClient(token: string) {
    await callRoute(viewByToken, { path: `/api/ai/proposals/${token}`, params: { token } });
    await drainDueJobs();
    await drainDueJobs();
  }

  async function signAsClient(token: string) {
    const signed = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${token}/signature`,
      params: { token },
      body: {
        full_name: "Ana Pérez",
        role: "Directora",
        company: "Autos Caribe",
        date: "2026-11-23",
        image: signaturePng(),
        version: 1,
      },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(signed.status, signed.text).toBe(201);
  }

  it("tells the author and the lead's owner when the client opens and signs the proposal, and the timeline says it was opened", async () => {
    const lead = await makeLead({ name: "Cliente Abre", ownerId: rep.id });
    const title = `Propuesta ${randomUUID().slice(0, 6)}`;
    const { id, token } = await shareWithClient(
      { title, client: { name: "Autos Caribe", contactEmail: "c@example.com" } },
      lead.id,
    );
    for (let view = 0; view < 2; view++) await openAsClient(token);

    const detail = await leadOf(lead.id);
    expect(detail.json.proposals).toEqual([
      expect.objectContaining({ id, title, status: "viewed" }),
    ]);
    const opened = await testDb().activity.findMany({
      where: { leadId: lead.id, type: "proposal_opened" },
    });
    expect(opened.map((entry) => entry.content)).toEqual([title]);

    await signAsClient(token);

    const textsOf = async (accountId: string) =>
      (
        await testDb().staffNotification.findMany({
          where: { accountId, text: { contains: title } },
          orderBy: { createdAt: "asc" },
        })
      ).map((row) => row.text);
    expect(await textsOf(rep.id)).toEqual([
      `Autos Caribe opened the proposal “${title}”`,
      `Ana Pérez signed the proposal “${title}”`,
    ]);
    expect(await textsOf(manager.id)).toEqual([
      `Autos Caribe abrió la propuesta «${title}»`,
      `Ana Pérez firmó la propuesta «${title}»`,
    ]);
  });

  it("names an untitled proposal for an unnamed client in each reader's language, and the timeline says 'a proposal'", async () => {
    const lead = await makeLead({ name: "Sin Nombre", ownerId: rep.id });
    const sample = proposalData({ lang: "es" });
    const { id, token } = await shareWithClient(
      { ...sample, title: "", client: { ...sample.client, name: "" } },
      lead.id,
    );
    await openAsClient(token);
    await signAsClient(token);

    const textsOf = async (accountId: string) =>
      (
        await testDb().staffNotification.findMany({
          where: { accountId, link: `/crm/leads/${lead.id}` },
          orderBy: { createdAt: "asc" },
        })
      ).map((row) => row.text);
    // A Spanish proposal: the English-speaking rep still reads "Client", the Spanish manager "Cliente".
    expect(await textsOf(rep.id)).toEqual([
      "Client opened their proposal",
      "Ana Pérez signed their proposal",
    ]);
    expect(await textsOf(manager.id)).toEqual([
      "Cliente abrió su propuesta",
      "Ana Pérez firmó su propuesta",
    ]);
    // The lead's page names it in the reader's language too: the API gives no name to show.
    expect((await leadOf(lead.id)).json.proposals).toEqual([
      expect.objectContaining({ id, title: "", status: "signed" }),
    ]);
    // The timeline is read later in any language: it stores no word for "client", and says "a proposal".
    const entries = await testDb().activity.findMany({
      where: { leadId: lead.id, type: { in: ["proposal_opened", "proposal_signed"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map(({ type, content, detail }) => ({ type, content, detail }))).toEqual([
      { type: "proposal_opened", content: "", detail: { title: "" } },
      {
        type: "proposal_signed",
        content: "Ana Pérez (Directora, Autos Caribe)",
        detail: { title: "" },
      },
    ]);
  });

  it("the morning job tells each assignee of their tasks due today, once per task and day", async () => {
    const { sendDailyDigest } = await import("@/lib/alerts/digest.service");
    const { localDate } = await import("@/lib/queue/local-time");
    const { serverEnv } = await import("@/lib/env");
    const now = new Date();
    const today = localDate(now, serverEnv().ANALYTICS_TIME_ZONE);
    const lead = await makeLead({ name: "Due Lead" });
    const title = `Llamar ${randomUUID().slice(0, 6)}`;
    const due = (dueDate: string, assigneeId: string | null, status: "todo" | "done" = "todo") =>
      testDb().task.create({
        data: {
          title,
          leadId: lead.id,
          assigneeId,
          status,
          dueDate: new Date(`${dueDate}T00:00:00Z`),
        },
      });
    await due(today, rep.id);
    await due(today, colleague.id, "done");
    await due("2020-01-01", colleague.id);
    await due(today, null);
    // The lead page lists its tasks: open ones first, then by due day.
    const tasks = (await leadOf(lead.id)).json.tasks as { status: string; due_date: string }[];
    expect(tasks.map((task) => [task.status, task.due_date])).toEqual([
      ["todo", "2020-01-01"],
      ["todo", today],
      ["todo", today],
      ["done", today],
    ]);
    await sendDailyDigest(now);
    await sendDailyDigest(now);
    const rows = await testDb().staffNotification.findMany({
      where: { kind: "task_due", text: { contains: title } },
    });
    expect(rows.map((row) => [row.accountId, row.text, row.link])).toEqual([
      [rep.id, `Task due today: ${title} (Due Lead)`, `/crm/leads/${lead.id}`],
    ]);
  });

  it("a new lead alerts its owner in the app once, even when the alert job runs twice", async () => {
    const { leadAlertHandler } = await import("@/lib/alerts/alerts.service");
    const lead = await makeLead({ name: "Nueva Llegada", ownerId: rep.id });
    const payload = { leadId: lead.id, submissionId: randomUUID(), isNewLead: true };
    await leadAlertHandler.run(payload, { attempt: 1 } as never);
    await leadAlertHandler.run(payload, { attempt: 2 } as never);
    const rows = await testDb().staffNotification.findMany({
      where: { accountId: rep.id, kind: "new_lead", link: `/crm/leads/${lead.id}` },
    });
    expect(rows.map((row) => row.text)).toEqual(["New lead for you: Nueva Llegada"]);
  });
});

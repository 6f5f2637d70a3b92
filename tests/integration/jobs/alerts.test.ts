import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { teamMailboxForFile } from "../../support/jobs";
import { signaturePng } from "../../support/signature-png";
import {
  makeStaffAccount,
  signInCookie,
  uniqueAddress,
  type TestAccount,
} from "../../support/staff";

const TEAM = "ventas@avanza.example";
const mailbox = teamMailboxForFile(TEAM);
let cookie: string;
/** The author of this file's proposals (writes in Spanish, the default). */
let marta: TestAccount;

beforeAll(async () => {
  marta = await makeStaffAccount({ name: "Marta" });
  cookie = await signInCookie(marta);
});

/** Runs the worker until nothing is due (alerts are a job that queues an e-mail, a second job). */
async function deliver() {
  await drainDueJobs();
}
const alertsMatching = (text: string, to = TEAM) =>
  mailbox.smtp.messages.filter((m) => m.to.includes(to) && (m.parsed.subject ?? "").includes(text));
const subjectsContaining = (text: string) =>
  mailbox.smtp.messages
    .filter((m) => (m.parsed.subject ?? "").includes(text))
    .map((m) => [m.to.join(","), m.parsed.subject]);

function questionnaire(email: string, overrides: Record<string, unknown> = {}) {
  return {
    source: "optin",
    submission_id: `sub-${randomUUID()}`,
    lang: "en",
    elapsed_ms: 45_000,
    website: "clinica-norte.example",
    name: "Lucía Fernández",
    email,
    phone: "+34 600 000 123",
    company: "Clínica Norte",
    industry: "Healthcare",
    employees_range: "51–200",
    headquarters: "Bilbao, España",
    role: "CIO",
    uses_ai: "No",
    data_storage: "Hybrid",
    has_data_team: "Yes",
    areas: ["process automation"],
    challenge: "Perdemos llamadas.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "WhatsApp",
    message: "Queremos una recepcionista de IA.",
    ...overrides,
  };
}
const postLead = (body: unknown) =>
  callRoute(submitLead, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });

async function sharedProposal(title: string, leadId?: string) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: {
      data: { title, client: { name: "Autos Caribe", contactEmail: "c@example.com" } },
      // Some tests give one lead several proposals on purpose.
      ...(leadId && { lead_id: leadId, another: true }),
    },
    cookie,
  });
  await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${created.json.id}/share`,
    params: { id: created.json.id },
    cookie,
  });
  return created.json as { id: string; token: string };
}
const clientView = (token: string, withCookie?: string) =>
  callRoute(viewByToken, {
    path: `/api/ai/proposals/${token}`,
    params: { token },
    cookie: withCookie,
  });

describe("new lead alert", () => {
  it("goes to the lead's owner, in the language they last used the staff tools in, read when the alert runs", async () => {
    const owner = await makeStaffAccount({ role: "sales", name: "Olga Owner" });
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { lang: "en" } });
    const email = `owned-${randomUUID().slice(0, 8)}@example.com`;
    expect((await postLead(questionnaire(email, { name: "Pablo Dueño" }))).status).toBe(201);
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    // Assigned before the worker gets to the alert: it reads the owner when it runs.
    await testDb().lead.update({ where: { id: lead.id }, data: { ownerId: owner.id } });
    await deliver();
    expect(subjectsContaining("Pablo Dueño")).toEqual([
      [owner.email, "New lead: Pablo Dueño · Clínica Norte"],
    ]);
    const [alert] = alertsMatching("Pablo Dueño", owner.email);
    expect(alert!.parsed.text).toContain("Budget: $25k–$100k · Timeline: In 3–6 months");
    expect(alert!.parsed.text).toContain(`/crm/leads/${lead.id}`);

    await postLead(questionnaire(email, { name: "Pablo Dueño", message: "Otra vez." }));
    await deliver();
    expect(subjectsContaining("Pablo Dueño")).toEqual([
      [owner.email, "New lead: Pablo Dueño · Clínica Norte"],
      [owner.email, "New submission from an existing lead: Pablo Dueño · Clínica Norte"],
    ]);
  });

  it("goes to the team's address instead when the owner's account is deactivated", async () => {
    const owner = await makeStaffAccount({ role: "sales" });
    const email = `gone-${randomUUID().slice(0, 8)}@example.com`;
    await postLead(questionnaire(email, { name: "Sara Huérfana" }));
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    await testDb().lead.update({ where: { id: lead.id }, data: { ownerId: owner.id } });
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { active: false } });
    await deliver();
    expect(subjectsContaining("Sara Huérfana")).toEqual([
      [TEAM, "Nuevo lead: Sara Huérfana · Clínica Norte"],
    ]);
  });

  it("tells the team once (the lead has no owner), in Spanish, with budget, timeline, the answers and a link to the lead; a repeat submission says so", async () => {
    const email = `alerta-${randomUUID().slice(0, 8)}@example.com`;
    const first = await postLead(questionnaire(email));
    expect(first.status).toBe(201);
    await deliver();
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    const [alert, ...more] = alertsMatching("Nuevo lead: Lucía Fernández · Clínica Norte");
    expect(more).toHaveLength(0);
    expect(alert!.parsed.text).toContain("Presupuesto: 25.000–100.000 $ · Plazo: En 3–6 meses");
    expect(alert!.parsed.text).toContain("Reto principal: Perdemos llamadas.");
    expect(alert!.parsed.text).toContain(`/crm/leads/${lead.id}`);
    expect(alert!.parsed.html).toContain(`/crm/leads/${lead.id}`);
    const stored = await testDb().mailMessage.findMany({ where: { leadId: lead.id } });
    expect(stored.map((m) => [m.kind, m.status])).toEqual([["lead_alert", "sent"]]);

    await postLead(questionnaire(email, { message: "Otra consulta." }));
    await deliver();
    expect(alertsMatching("Nuevo envío de un lead existente: Lucía Fernández")).toHaveLength(1);
    expect(alertsMatching("Nuevo lead: Lucía Fernández · Clínica Norte")).toHaveLength(1);
  });

  it("drops the alert of a lead whose personal data is gone before the alert went out", async () => {
    const email = `borrado-${randomUUID().slice(0, 8)}@example.com`;
    await postLead(questionnaire(email, { name: "Persona Borrada" }));
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    await testDb().lead.update({
      where: { id: lead.id },
      data: { name: null, email: null, phone: null, company: null },
    });
    await deliver();
    expect(
      mailbox.smtp.messages.filter((m) => (m.parsed.subject ?? "").includes("Persona Borrada")),
    ).toHaveLength(0);
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: "alert.lead", payload: { path: ["leadId"], equals: lead.id } },
    });
    expect(job).toMatchObject({ status: "done", result: { skipped: "lead erased" } });
  });
});

describe("proposal alerts", () => {
  it("go to the proposal's author and the lead's owner, each in their language, once each and never to a deactivated account", async () => {
    const owner = await makeStaffAccount({ role: "sales", name: "Olga" });
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { lang: "en" } });
    const lead = await testDb().lead.create({
      data: {
        name: "Ana",
        email: `ana-${randomUUID().slice(0, 8)}@example.com`,
        ownerId: owner.id,
      },
    });
    const title = `Para dos ${randomUUID().slice(0, 6)}`;
    const proposal = await sharedProposal(title, lead.id);
    await clientView(proposal.token);
    await deliver();
    expect(subjectsContaining(title).sort()).toEqual(
      [
        [marta.email, `Autos Caribe abrió tu propuesta «${title}»`],
        [owner.email, `Autos Caribe opened your proposal “${title}”`],
      ].sort(),
    );

    // The author owns the lead too: one alert. A deactivated owner: nothing for them.
    const mine = await testDb().lead.create({ data: { name: "Bea", ownerId: marta.id } });
    const ownTitle = `Solo una ${randomUUID().slice(0, 6)}`;
    await clientView((await sharedProposal(ownTitle, mine.id)).token);
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { active: false } });
    const goneTitle = `Sin Olga ${randomUUID().slice(0, 6)}`;
    await clientView((await sharedProposal(goneTitle, lead.id)).token);
    await deliver();
    expect(subjectsContaining(ownTitle)).toEqual([
      [marta.email, `Autos Caribe abrió tu propuesta «${ownTitle}»`],
    ]);
    expect(subjectsContaining(goneTitle)).toEqual([
      [marta.email, `Autos Caribe abrió tu propuesta «${goneTitle}»`],
    ]);
  });

  it("go to the team when neither the author nor the lead's owner is an active account", async () => {
    const title = `Sin autora ${randomUUID().slice(0, 6)}`;
    const proposal = await sharedProposal(title);
    await testDb().staffAccount.update({ where: { id: marta.id }, data: { active: false } });
    try {
      await clientView(proposal.token);
      await deliver();
    } finally {
      await testDb().staffAccount.update({ where: { id: marta.id }, data: { active: true } });
    }
    expect(subjectsContaining(title)).toEqual([
      [TEAM, `Autos Caribe abrió tu propuesta «${title}»`],
    ]);
  });

  it("tells the author the first time the client opens the link, not on later views or staff previews", async () => {
    const title = `Propuesta abierta ${randomUUID().slice(0, 6)}`;
    const proposal = await sharedProposal(title);
    await clientView(proposal.token, cookie); // staff preview
    await deliver();
    expect(alertsMatching(title)).toHaveLength(0);
    await clientView(proposal.token);
    await clientView(proposal.token);
    await deliver();
    const alerts = alertsMatching(title, marta.email);
    expect(alerts.map((m) => m.parsed.subject)).toEqual([
      `Autos Caribe abrió tu propuesta «${title}»`,
    ]);
    expect(alerts[0]!.parsed.text).toContain(`/proposal/db/${proposal.id}`);
  });

  it("tells the author and the lead's owner when the client signs, with the signed PDF", async () => {
    const owner = await makeStaffAccount({ role: "sales" });
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { lang: "en" } });
    const lead = await testDb().lead.create({ data: { name: "Ana", ownerId: owner.id } });
    const title = `Propuesta firmada ${randomUUID().slice(0, 6)}`;
    const proposal = await sharedProposal(title, lead.id);
    const signed = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${proposal.token}/signature`,
      params: { token: proposal.token },
      body: {
        full_name: "Ana Pérez",
        role: "Directora",
        company: "Autos Caribe",
        date: "2026-11-23",
        image: signaturePng(),
        version: 1,
      },
      headers: { "user-agent": "ClientBrowser/1.0", "x-forwarded-for": "203.0.113.7" },
    });
    expect(signed.status).toBe(201);
    await deliver();
    const alert = alertsMatching(`Autos Caribe firmó la propuesta «${title}»`, marta.email);
    expect(alert).toHaveLength(1);
    expect(alert[0]!.parsed.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    expect(alertsMatching(`Autos Caribe signed the proposal “${title}”`, owner.email)).toHaveLength(
      1,
    );
    expect(alertsMatching(title, TEAM)).toHaveLength(0);
  });
});

describe("expiry job", () => {
  it("expires a shared proposal at its moment, with its audit event, without anyone opening it", async () => {
    const proposal = await sharedProposal("Caduca sola");
    const row = await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } });
    const job = await testDb().job.findUniqueOrThrow({
      where: { key: `expire:${proposal.id}:${row.expiresAt!.getTime()}` },
    });
    expect(job.runAt.getTime()).toBe(row.expiresAt!.getTime());
    await drainDueJobs();
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe(
      "shared",
    );

    // Thirty days pass: the date is now behind us and the job is due.
    const past = new Date(Date.now() - 1000);
    await testDb().proposal.update({ where: { id: proposal.id }, data: { expiresAt: past } });
    await testDb().job.update({ where: { id: job.id }, data: { runAt: past } });
    await drainDueJobs();
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe(
      "expired",
    );
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: proposal.id, type: "expired" },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe("system");
  });
});

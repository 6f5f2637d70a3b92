import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie, uniqueAddress } from "../../support/staff";

const TEAM = "ventas@avanza.example";
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let cookie: string;

beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.SALES_NOTIFY_EMAIL = TEAM;
  await cancelLeftoverMail();
  cookie = await staffCookie({ name: "Marta" });
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.SALES_NOTIFY_EMAIL;
  await smtp.stop();
});

/** Runs the worker until nothing is due (alerts are a job that queues an e-mail, a second job). */
async function deliver() {
  await drainDueJobs();
}
const alertsMatching = (text: string) =>
  smtp.messages.filter((m) => m.to.includes(TEAM) && (m.parsed.subject ?? "").includes(text));

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

async function sharedProposal(title: string) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: { data: { title, client: { name: "Autos Caribe", contactEmail: "c@example.com" } } },
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
  it("tells the team once, in Spanish, with budget, timeline, the answers and a link to the lead; a repeat submission says so", async () => {
    const email = `alerta-${randomUUID().slice(0, 8)}@example.com`;
    const first = await postLead(questionnaire(email));
    expect(first.status).toBe(201);
    await deliver();
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    const [alert, ...more] = alertsMatching("Nuevo lead: Lucía Fernández · Clínica Norte");
    expect(more).toHaveLength(0);
    expect(alert!.parsed.text).toContain("Presupuesto: $25k–$100k · Plazo: 3–6 months");
    expect(alert!.parsed.text).toContain("Reto principal: Perdemos llamadas.");
    expect(alert!.parsed.text).toContain(`/crm?lead=${lead.id}`);
    expect(alert!.parsed.html).toContain(`/crm?lead=${lead.id}`);
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
      smtp.messages.filter((m) => (m.parsed.subject ?? "").includes("Persona Borrada")),
    ).toHaveLength(0);
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: "alert.lead", payload: { path: ["leadId"], equals: lead.id } },
    });
    expect(job).toMatchObject({ status: "done", result: { skipped: "lead erased" } });
  });
});

describe("proposal alerts", () => {
  it("tells the team the first time the client opens the link, not on later views or staff previews", async () => {
    const title = `Propuesta abierta ${randomUUID().slice(0, 6)}`;
    const proposal = await sharedProposal(title);
    await clientView(proposal.token, cookie); // staff preview
    await deliver();
    expect(alertsMatching(title)).toHaveLength(0);
    await clientView(proposal.token);
    await clientView(proposal.token);
    await deliver();
    const alerts = alertsMatching(title);
    expect(alerts.map((m) => m.parsed.subject)).toEqual([
      `Autos Caribe abrió tu propuesta «${title}»`,
    ]);
    expect(alerts[0]!.parsed.text).toContain(`/proposal/db/${proposal.id}`);
  });

  it("tells the team when the client signs, with the signed PDF", async () => {
    const title = `Propuesta firmada ${randomUUID().slice(0, 6)}`;
    const proposal = await sharedProposal(title);
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
      },
      headers: { "user-agent": "ClientBrowser/1.0", "x-forwarded-for": "203.0.113.7" },
    });
    expect(signed.status).toBe(201);
    await deliver();
    const alert = alertsMatching(`Autos Caribe firmó la propuesta «${title}»`);
    expect(alert).toHaveLength(1);
    expect(alert[0]!.parsed.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
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

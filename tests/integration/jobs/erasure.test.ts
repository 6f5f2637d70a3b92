import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as erase } from "@/app/api/crm/leads/[id]/erase/route";
import { GET as getLead } from "@/app/api/crm/leads/[id]/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { makeTask, testDatabaseUrl, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie, uniqueAddress } from "../../support/staff";

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let cookie: string;

beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  await cancelLeftoverMail();
  cookie = await staffCookie({ name: "Marta" });
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

it("erasing a lead removes its personal data everywhere, drops its queued alert and records who did it", async () => {
  const email = `olvido-${randomUUID().slice(0, 8)}@example.com`;
  const posted = await callRoute(submitLead, {
    method: "POST",
    path: "/api/leads",
    body: {
      source: "home_form",
      lang: "es",
      name: "Persona Olvidada",
      email,
      company: "Empresa Olvido",
      message: "Mi teléfono es 600 000 000.",
    },
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });
  expect(posted.status).toBe(201);
  const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
  await makeTask(lead.id, { title: "Llamar a Persona Olvidada" });

  // The new-lead alert is still queued when the lead is erased.
  const erased = await callRoute(erase, {
    method: "POST",
    path: `/api/crm/leads/${lead.id}/erase`,
    params: { id: lead.id },
    cookie,
  });
  expect(erased.status).toBe(200);
  expect(erased.json).toEqual({ erased: true, id: lead.id });

  await drainDueJobs();
  expect(smtp.messages.filter((m) => JSON.stringify(m.parsed.text).includes("Olvid"))).toEqual([]);

  const shown = await callRoute(getLead, {
    path: `/api/crm/leads/${lead.id}`,
    params: { id: lead.id },
    cookie,
  });
  expect(shown.json).toMatchObject({ name: null, email: null, phone: null, answers: {} });
  const everything = JSON.stringify({
    lead: await testDb().lead.findUnique({ where: { id: lead.id } }),
    submissions: await testDb().leadSubmission.findMany({ where: { leadId: lead.id } }),
    activities: await testDb().activity.findMany({ where: { leadId: lead.id } }),
    tasks: await testDb().task.findMany({ where: { leadId: lead.id } }),
    mails: await testDb().mailMessage.findMany({ where: { leadId: lead.id } }),
  });
  expect(everything).not.toContain("Persona Olvidada");
  expect(everything).not.toContain(email);
  expect(everything).not.toContain("600 000 000");
  const audit = await testDb().activity.findMany({ where: { leadId: lead.id } });
  expect(audit.map((a) => [a.type, a.actor])).toEqual([["erased", "Marta"]]);
});

it("answers 404 for an unknown lead and 401 without a session", async () => {
  const missing = "00000000-0000-4000-8000-000000000000";
  const unknown = await callRoute(erase, {
    method: "POST",
    path: `/api/crm/leads/${missing}/erase`,
    params: { id: missing },
    cookie,
  });
  expect(unknown.status).toBe(404);
  const signedOut = await callRoute(erase, {
    method: "POST",
    path: `/api/crm/leads/${missing}/erase`,
    params: { id: missing },
  });
  expect(signedOut.status).toBe(401);
});

it("npm run privacy:export prints everything held about one address as JSON", async () => {
  const email = `acceso-${randomUUID().slice(0, 8)}@example.com`;
  const lead = await testDb().lead.create({
    data: { name: "Persona Acceso", email, company: "ACME" },
  });
  await makeTask(lead.id, { title: "Llamar a Persona Acceso" });
  await testDb().mailMessage.create({
    data: { kind: "proposal", toAddress: email, subject: "Propuesta para ACME", status: "sent" },
  });
  const { execFileSync } = await import("node:child_process");
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/privacy-export.ts", "--email", email.toUpperCase()],
    { env: { ...process.env, DATABASE_URL: testDatabaseUrl() }, encoding: "utf8" },
  );
  const exported = JSON.parse(output);
  expect(exported.email).toBe(email);
  expect(exported.leads.map((l: { name: string }) => l.name)).toEqual(["Persona Acceso"]);
  expect(exported.leads[0].tasks.map((t: { title: string }) => t.title)).toEqual([
    "Llamar a Persona Acceso",
  ]);
  expect(exported.other_emails.map((m: { subject: string }) => m.subject)).toEqual([
    "Propuesta para ACME",
  ]);
});

it("only managers and owners may erase leads or use the outbox: a sales account gets 403 and nothing changes", async () => {
  const { makeStaffAccount } = await import("../../support/factories");
  const { staffCookieFor } = await import("../../support/staff");
  const { GET: outbox } = await import("@/app/api/staff/outbox/route");
  const seller = await makeStaffAccount({ role: "sales" });
  const sellerCookie = await staffCookieFor({ ...seller, role: "sales" });
  const lead = await testDb().lead.create({
    data: { name: "Sigue Aquí", email: `sigue-${randomUUID()}@example.com` },
  });
  const refused = await callRoute(erase, {
    method: "POST",
    path: `/api/crm/leads/${lead.id}/erase`,
    params: { id: lead.id },
    cookie: sellerCookie,
  });
  expect(refused.status).toBe(403);
  expect((await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } })).name).toBe(
    "Sigue Aquí",
  );
  expect(
    (await callRoute(outbox, { path: "/api/staff/outbox", cookie: sellerCookie })).status,
  ).toBe(403);
  // A lead's own e-mails, as its panel lists them, are for any member of staff.
  const ownMails = await callRoute(outbox, {
    path: `/api/staff/outbox?lead_id=${lead.id}`,
    cookie: sellerCookie,
  });
  expect(ownMails.status).toBe(200);
  expect(ownMails.json.messages).toEqual([]);
  const manager = await makeStaffAccount({ role: "manager" });
  const managerCookie = await staffCookieFor({ ...manager, role: "manager" });
  expect(
    (await callRoute(outbox, { path: "/api/staff/outbox", cookie: managerCookie })).status,
  ).toBe(200);
});

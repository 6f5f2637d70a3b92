// One language per message, and every message well formed: a lead whose stored answers are English
// ("Healthcare", "3–6 months", "Yes") produces Spanish alerts, a Spanish proposal e-mail, reminder,
// signature mails and certificate with no English value and no raw key; each e-mail is a whole
// document (<html lang>, <title>) with a text part; the app's own messages say Auto-Submitted and the
// proposal a person sends does not, but answers go back to that person (Reply-To).
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { sendDailyDigest } from "@/lib/alerts/digest.service";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { site } from "@/lib/site";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { teamMailboxForFile } from "../../support/jobs";
import { proposalData } from "../../support/proposals";
import { signaturePng } from "../../support/signature-png";
import type { CapturedMail } from "../../support/smtp";
import {
  makeStaffAccount,
  signInCookie,
  uniqueAddress,
  type TestAccount,
} from "../../support/staff";

const TEAM = "equipo-idioma@avanza.example";
/** The stored English values of the lead below, and English the Spanish messages must not contain. */
const ENGLISH = [
  "Healthcare",
  "51–200 employees",
  "Innovation Lead",
  "Hybrid",
  "Yes",
  "process automation",
  "predictive analytics",
  "3–6 months",
  "$25k–$100k",
  "Video Call",
  "USD 37,000",
  "37,000",
  "Employees",
  "Timeline",
  "Budget",
  "Hello",
  "proposal",
  "Proposal",
];
/** Field keys and event types as stored (employees_range, has_data_team, email_sent…). */
const RAW_KEY = /\b[a-z]+_[a-z_]+\b/;

const mailbox = teamMailboxForFile(TEAM);
let rep: TestAccount;
let cookie: string;

beforeAll(async () => {
  rep = await makeStaffAccount({ name: "Marta Ruiz" });
  await testDb().staffAccount.update({ where: { id: rep.id }, data: { lang: "es" } });
  cookie = await signInCookie(rep);
});

/** The visible words of a message: its subject, its text part and its HTML without the tags. */
const wordsOf = (mail: CapturedMail) =>
  [
    mail.parsed.subject ?? "",
    mail.parsed.text ?? "",
    String(mail.parsed.html || "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&[a-z#0-9]+;/g, " "),
  ].join("\n");

/** Fails on any English value or raw key in a Spanish message (addresses and links left out). */
function expectAllSpanish(mail: CapturedMail) {
  const words = wordsOf(mail)
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ");
  for (const english of ENGLISH)
    expect(words, `${mail.parsed.subject}: ${english}`).not.toContain(english);
  expect(words).not.toMatch(RAW_KEY);
}

/** A whole document in `lang` with a title, and a plain-text part. */
function expectWellFormed(mail: CapturedMail, lang: "es" | "en") {
  const html = String(mail.parsed.html || "");
  expect(html).toMatch(new RegExp(`^<!doctype html><html lang="${lang}">`));
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect((mail.parsed.text ?? "").trim().length).toBeGreaterThan(20);
}

const autoSubmitted = (mail: CapturedMail) => mail.parsed.headers.get("auto-submitted");

function lead(email: string) {
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
    headquarters: "Bilbao",
    role: "Innovation Lead",
    uses_ai: "No",
    data_storage: "Hybrid",
    has_data_team: "Yes",
    areas: ["process automation", "predictive analytics"],
    challenge: "Perdemos llamadas.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "Video Call",
    message: "Queremos una recepcionista de IA.",
  };
}

describe("a Spanish reader of a lead stored in English", () => {
  it("gets every alert, the proposal e-mail, the reminder, the signature mails and the certificate in Spanish, each a well-formed message", async () => {
    const email = `idioma-${randomUUID().slice(0, 8)}@example.com`;
    const posted = await callRoute(submitLead, {
      method: "POST",
      path: "/api/leads",
      body: lead(email),
      headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
    });
    expect(posted.status).toBe(201);
    const stored = await testDb().lead.findFirstOrThrow({ where: { email } });
    await drainDueJobs();

    // The new-lead alert: Spanish values, the questionnaire's order, Auto-Submitted.
    const [alert] = mailbox.smtp.messages.filter(
      (m) => m.to.includes(TEAM) && m.parsed.subject?.includes("Lucía Fernández"),
    );
    expect(alert!.parsed.subject).toBe("Nuevo lead: Lucía Fernández · Clínica Norte");
    expectWellFormed(alert!, "es");
    expectAllSpanish(alert!);
    expect(autoSubmitted(alert!)).toBe("auto-generated");
    const text = alert!.parsed.text!;
    expect(text).toContain("Presupuesto: 25.000–100.000 $ · Plazo: En 3–6 meses");
    const order = [
      "Sitio web: https://clinica-norte.example",
      "Sector: Salud",
      "Empleados: 51–200",
      "Sede: Bilbao",
      "Cargo: Responsable de innovación",
      "Usa IA hoy: No",
      "Dónde están sus datos: Híbrido",
      "Tiene equipo de datos: Sí",
      "Áreas: Automatización de procesos, Analítica predictiva",
      "Reto principal: Perdemos llamadas.",
      "Plazo: En 3–6 meses",
      "Presupuesto: 25.000–100.000 $",
      "Contacto preferido: Videollamada",
      "Mensaje: Queremos una recepcionista de IA.",
    ];
    const at = order.map((line) => text.indexOf(`\n${line}\n`));
    expect(
      at.every((index) => index >= 0),
      JSON.stringify(at),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    // The proposal e-mail: previewed first (nothing queued), then sent with a note.
    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: {
        lead_id: stored.id,
        data: proposalData({
          lang: "es",
          title: "Recepcionista de IA",
          client: { ...proposalData().client, name: "Clínica Norte", contactEmail: email },
          investment: { ...proposalData().investment, subtotal: "37,000", currency: "USD" },
        }),
      },
      cookie,
    });
    expect(created.status).toBe(201);
    const proposalId = created.json.id as string;
    const request = {
      proposal_id: proposalId,
      to_email: email,
      message: "Un saludo desde Bilbao.",
    };
    const preview = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: { ...request, preview: true },
      cookie,
    });
    expect(preview.status).toBe(200);
    expect(Object.keys(preview.json).sort()).toEqual(["html", "subject", "text"]);
    expect(preview.json.subject).toBe(`Propuesta de ${site.name}: Recepcionista de IA`);
    expect(preview.json.text).toContain("Hola, Lucía Fernández:");
    expect(preview.json.text).toContain("Un saludo desde Bilbao.");
    expect(await testDb().mailMessage.count({ where: { proposalId } })).toBe(0);
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposalId } })).status).toBe(
      "draft",
    );

    const sent = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: request,
      cookie,
    });
    expect(sent.status).toBe(202);
    await drainDueJobs();
    const [proposalMail] = mailbox.smtp.messages.filter(
      (m) => m.to.includes(email) && m.parsed.subject === preview.json.subject,
    );
    expectWellFormed(proposalMail!, "es");
    expectAllSpanish(proposalMail!);
    expect(proposalMail!.parsed.text).toBe(preview.json.text);
    expect(proposalMail!.parsed.text).toContain("Inversión inicial: 37.000\u00a0US$");
    expect(proposalMail!.parsed.text).toContain("Marta Ruiz");
    expect(proposalMail!.parsed.replyTo?.value.map((a) => a.address)).toEqual([rep.email]);
    expect(autoSubmitted(proposalMail!)).toBeUndefined();

    // The client opens it: the author's alert.
    await callRoute(viewByToken, {
      path: `/api/ai/proposals/${created.json.token}`,
      params: { token: created.json.token },
    });
    await drainDueJobs();
    const [opened] = mailbox.smtp.messages.filter(
      (m) => m.to.includes(rep.email) && m.parsed.subject?.includes("abrió tu propuesta"),
    );
    expectWellFormed(opened!, "es");
    expectAllSpanish(opened!);
    expect(autoSubmitted(opened!)).toBe("auto-generated");

    // The reminder, three days before the link expires.
    await testDb().job.updateMany({
      where: { kind: "proposal.reminder", payload: { path: ["proposalId"], equals: proposalId } },
      data: { runAt: new Date(Date.now() - 1000) },
    });
    await drainDueJobs();
    const [reminder] = mailbox.smtp.messages.filter(
      (m) => m.to.includes(email) && m.parsed.subject?.startsWith("Recordatorio"),
    );
    expectWellFormed(reminder!, "es");
    expectAllSpanish(reminder!);
    expect(autoSubmitted(reminder!)).toBe("auto-generated");

    // The signature: the client's and the team's copies, and the certificate they carry.
    const signed = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${created.json.token}/signature`,
      params: { token: created.json.token },
      body: {
        full_name: "Lucía Fernández",
        role: "Directora",
        company: "Clínica Norte",
        date: "2026-11-26",
        image: signaturePng(),
        version: 1,
      },
      headers: { "user-agent": "ClientBrowser/1.0", "x-forwarded-for": "203.0.113.9" },
    });
    expect(signed.status).toBe(201);
    await drainDueJobs();
    const signedMails = mailbox.smtp.messages.filter(
      (m) => m.parsed.subject?.includes("Recepcionista de IA") && /[Ff]irm/.test(m.parsed.subject),
    );
    expect(signedMails.map((m) => m.to[0]).sort()).toEqual([email, rep.email].sort());
    for (const mail of signedMails) {
      expectWellFormed(mail, "es");
      expectAllSpanish(mail);
      expect(autoSubmitted(mail)).toBe("auto-generated");
    }
    const pdf = signedMails[0]!.parsed.attachments[0]!.content;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "cert-")), "signed.pdf");
    writeFileSync(file, pdf);
    const certificate = execFileSync("pdftotext", ["-raw", file, "-"])
      .toString()
      .replace(/\s+/g, " ");
    for (const event of [
      "Propuesta creada",
      "Propuesta enviada por correo",
      "Firmada por el cliente",
    ])
      expect(certificate).toContain(event);
    for (const english of ["Created", "email_sent", "Signed by", "Opened", "Shared"])
      expect(certificate).not.toContain(english);
  });

  it("gets the morning digest in Spanish, marked Auto-Submitted", async () => {
    const owner = await makeStaffAccount({ role: "owner" });
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { lang: "es" } });
    const overdue = await testDb().lead.create({ data: { name: "Resumen Lead" } });
    await testDb().task.create({
      data: {
        leadId: overdue.id,
        title: "Llamar a Clínica Norte",
        dueDate: new Date("2026-01-02"),
      },
    });
    await sendDailyDigest(new Date());
    await drainDueJobs();
    const [digest] = mailbox.smtp.messages.filter(
      (m) => m.to.includes(owner.email) && m.parsed.subject?.startsWith("Resumen"),
    );
    expectWellFormed(digest!, "es");
    expectAllSpanish(digest!);
    expect(autoSubmitted(digest!)).toBe("auto-generated");
  });
});

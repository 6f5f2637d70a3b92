// A job caused by a write is stored in that write's transaction: when the job cannot be stored the
// write is not either (nothing is left half done for a crash to lose), and when it can, both are.
// The failure is a real one: a PostgreSQL trigger refuses the job rows of this file's records only.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as extendProposal } from "@/app/api/crm/proposals/[id]/extend/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { PATCH as decideHeld } from "@/app/api/crm/review/[id]/route";
import { POST as invite } from "@/app/api/staff/accounts/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { signaturePng } from "../../support/signature-png";
import { makeStaffAccount, signInCookie, staffCookie, uniqueAddress } from "../../support/staff";

let cookie: string;

beforeAll(async () => {
  // Staff e-mail is queued only with a mail server configured; no worker runs here, nothing is sent.
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  const db = testDb();
  await db.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS test_refused_jobs (marker text NOT NULL, kind text)`,
  );
  // A job is refused when it names a refused record: in its payload, through the lead it alerts
  // about (by e-mail), or through the e-mail it delivers (by proposal); `kind` narrows it to one kind.
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION test_refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (
        SELECT 1 FROM test_refused_jobs m
        WHERE (m.kind IS NULL OR m.kind = NEW.kind) AND (
          NEW.payload::text LIKE '%' || m.marker || '%'
          OR EXISTS (SELECT 1 FROM leads l WHERE l.id::text = NEW.payload->>'leadId' AND l.email = m.marker)
          OR EXISTS (SELECT 1 FROM mail_messages mm
                     WHERE mm.id::text = NEW.payload->>'messageId'
                       AND (mm.proposal_id::text = m.marker OR mm.to_address = m.marker)))
      ) THEN
        RAISE EXCEPTION 'job % refused by the test', NEW.kind;
      END IF;
      RETURN NEW;
    END $$`);
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_refuse_job ON jobs`);
  await db.$executeRawUnsafe(
    `CREATE TRIGGER test_refuse_job BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION test_refuse_job()`,
  );
  cookie = await signInCookie(await makeStaffAccount({ name: "Marta" }));
});

afterEach(async () => {
  await testDb().$executeRawUnsafe(`DELETE FROM test_refused_jobs`);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  const db = testDb();
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_refuse_job ON jobs`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS test_refuse_job()`);
  await db.$executeRawUnsafe(`DROP TABLE IF EXISTS test_refused_jobs`);
});

const refuseJobs = (marker: string, kind: string | null = null) =>
  testDb().$executeRaw`INSERT INTO test_refused_jobs (marker, kind) VALUES (${marker}, ${kind})`;
const allowJobs = () => testDb().$executeRawUnsafe(`DELETE FROM test_refused_jobs`);

const jobsAbout = (proposalId: string) =>
  testDb().job.findMany({
    where: { payload: { path: ["proposalId"], equals: proposalId } },
    select: { kind: true, status: true, runAt: true },
  });

function questionnaire(email: string) {
  return {
    source: "optin",
    submission_id: `sub-${randomUUID()}`,
    lang: "es",
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
  };
}
const postLead = (body: unknown) =>
  callRoute(submitLead, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });

async function draftProposal(title: string, leadId?: string) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: {
      data: { title, client: { name: "Autos Caribe", contactEmail: "compras@caribe.example" } },
      ...(leadId && { lead_id: leadId }),
    },
    cookie,
  });
  expect(created.status).toBe(201);
  return created.json as { id: string; token: string };
}
const share = (id: string) =>
  callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
const clientView = (token: string) =>
  callRoute(viewByToken, { path: `/api/ai/proposals/${token}`, params: { token } });
const signAs = (token: string) =>
  callRoute(sign, {
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
    headers: { "user-agent": "ClientBrowser/1.0", "x-forwarded-for": uniqueAddress() },
  });

describe("lead capture", () => {
  it("stores no lead when its alert cannot be stored, and the lead with its alert once it can", async () => {
    const email = `alerta-${randomUUID().slice(0, 8)}@example.com`;
    await refuseJobs(email);
    const body = questionnaire(email);
    const refused = await postLead(body);
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await testDb().lead.count({ where: { email } })).toBe(0);
    expect(
      await testDb().leadSubmission.count({ where: { submissionId: body.submission_id } }),
    ).toBe(0);

    await allowJobs();
    const stored = await postLead(body);
    expect(stored.status).toBe(201);
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    // The alert is there the moment the answer is, before any worker runs.
    const alert = await testDb().job.findMany({
      where: { kind: "alert.lead", payload: { path: ["leadId"], equals: lead.id } },
      select: { status: true },
    });
    expect(alert).toEqual([{ status: "queued" }]);
  });
});

describe("held submissions", () => {
  it("keeps a held submission undecided and unfiled when its alert cannot be stored; accepting again files it with its alert", async () => {
    const email = `retenido-${randomUUID().slice(0, 8)}@example.com`;
    const body = questionnaire(email);
    const held = await testDb().heldLeadSubmission.create({
      data: { submissionId: body.submission_id, bodyHash: randomUUID(), email, payload: body },
    });
    const accept = () =>
      callRoute(decideHeld, {
        method: "PATCH",
        path: `/api/crm/review/${held.id}`,
        params: { id: held.id },
        body: { decision: "accept" },
        cookie,
      });
    await refuseJobs(email);
    expect((await accept()).status).toBeGreaterThanOrEqual(500);
    expect(await testDb().lead.count({ where: { email } })).toBe(0);
    expect(
      (await testDb().heldLeadSubmission.findUniqueOrThrow({ where: { id: held.id } })).resolvedAt,
    ).toBeNull();

    await allowJobs();
    expect((await accept()).status).toBe(200);
    const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
    expect(
      await testDb().job.count({
        where: { kind: "alert.lead", payload: { path: ["leadId"], equals: lead.id } },
      }),
    ).toBe(1);
  });
});

describe("client link", () => {
  it("leaves a proposal unopened when its 'opened' alert cannot be stored; the next view records both", async () => {
    const proposal = await draftProposal(`Vista ${randomUUID().slice(0, 6)}`);
    expect((await share(proposal.id)).status).toBe(200);
    await refuseJobs(proposal.id, "alert.proposal_opened");

    expect((await clientView(proposal.token)).status).toBeGreaterThanOrEqual(500);
    expect(
      await testDb().proposal.findUniqueOrThrow({
        where: { id: proposal.id },
        select: { status: true, firstViewedAt: true },
      }),
    ).toEqual({ status: "shared", firstViewedAt: null });
    expect(
      await testDb().proposalEvent.count({
        where: { proposalId: proposal.id, type: { in: ["opened", "viewed"] } },
      }),
    ).toBe(0);

    await allowJobs();
    expect((await clientView(proposal.token)).status).toBe(200);
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe(
      "viewed",
    );
    expect((await jobsAbout(proposal.id)).map((job) => job.kind)).toContain(
      "alert.proposal_opened",
    );
  });

  it("stores no signature, no win and no e-mail when the confirmations' delivery cannot be stored; signing again stores all of them", async () => {
    const lead = await testDb().lead.create({
      data: { name: "Ana", email: `ana-${randomUUID().slice(0, 8)}@example.com` },
    });
    const proposal = await draftProposal(`Firma ${randomUUID().slice(0, 6)}`, lead.id);
    expect((await share(proposal.id)).status).toBe(200);
    await refuseJobs(proposal.id, "mail.send");

    expect((await signAs(proposal.token)).status).toBeGreaterThanOrEqual(500);
    expect(await testDb().proposalSignature.count({ where: { proposalId: proposal.id } })).toBe(0);
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe(
      "shared",
    );
    expect((await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } })).stage).not.toBe(
      "Won",
    );
    expect(await testDb().mailMessage.count({ where: { proposalId: proposal.id } })).toBe(0);

    await allowJobs();
    expect((await signAs(proposal.token)).status).toBe(201);
    expect((await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } })).stage).toBe("Won");
    const mails = await testDb().mailMessage.findMany({
      where: { proposalId: proposal.id },
      select: { id: true, kind: true, status: true },
    });
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(["signed_client", "signed_staff"]));
    const deliveries = await testDb().job.findMany({
      where: { key: { in: mails.map((m) => `mail:${m.id}`) } },
      select: { status: true },
    });
    expect(deliveries).toHaveLength(mails.length);
  });
});

describe("proposal timers", () => {
  it("keeps a proposal a draft when its reminder cannot be stored, with no expiry job left behind; sharing again stores both", async () => {
    const proposal = await draftProposal(`Compartir ${randomUUID().slice(0, 6)}`);
    // The expiry job is stored first and the reminder after it: refusing the reminder shows the
    // expiry job written earlier in the same transaction rolled back with it.
    await refuseJobs(proposal.id, "proposal.reminder");
    expect((await share(proposal.id)).status).toBeGreaterThanOrEqual(500);
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe(
      "draft",
    );
    expect(await jobsAbout(proposal.id)).toEqual([]);

    await allowJobs();
    const shared = await share(proposal.id);
    expect(shared.status).toBe(200);
    const jobs = await jobsAbout(proposal.id);
    expect(jobs.map((job) => job.kind).sort()).toEqual(["proposal.expire", "proposal.reminder"]);
    expect(jobs.find((job) => job.kind === "proposal.expire")!.runAt.toISOString()).toBe(
      shared.json.expires_at,
    );
  });

  it("keeps the old date when the new date's expiry job cannot be stored", async () => {
    const proposal = await draftProposal(`Prórroga ${randomUUID().slice(0, 6)}`);
    const shared = await share(proposal.id);
    await refuseJobs(proposal.id, "proposal.expire");
    const extend = () =>
      callRoute(extendProposal, {
        method: "POST",
        path: `/api/crm/proposals/${proposal.id}/extend`,
        params: { id: proposal.id },
        body: { days: 15 },
        cookie,
      });
    expect((await extend()).status).toBeGreaterThanOrEqual(500);
    const row = await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } });
    expect(row.expiresAt!.toISOString()).toBe(shared.json.expires_at);
    expect(
      await testDb().proposalEvent.count({ where: { proposalId: proposal.id, type: "extended" } }),
    ).toBe(0);

    await allowJobs();
    const extended = await extend();
    expect(extended.status).toBe(200);
    expect((await jobsAbout(proposal.id)).map((job) => job.runAt.toISOString())).toContain(
      extended.json.expires_at,
    );
  });

  it("queues no e-mail and shares nothing when sending a draft cannot store its timers", async () => {
    const proposal = await draftProposal(`Envío ${randomUUID().slice(0, 6)}`);
    await refuseJobs(proposal.id, "proposal.expire");
    const send = () =>
      callRoute(sendEmail, {
        method: "POST",
        path: "/api/crm/send-email",
        body: {
          proposal_id: proposal.id,
          to_email: "compras@caribe.example",
          subject: "Propuesta",
        },
        cookie,
      });
    expect((await send()).status).toBeGreaterThanOrEqual(500);
    expect(await testDb().mailMessage.count({ where: { proposalId: proposal.id } })).toBe(0);
    expect((await testDb().proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe(
      "draft",
    );

    await allowJobs();
    expect((await send()).status).toBe(202);
    expect(await testDb().mailMessage.count({ where: { proposalId: proposal.id } })).toBe(1);
    expect((await jobsAbout(proposal.id)).map((job) => job.kind)).toContain("proposal.expire");
  });
});

describe("staff invites", () => {
  it("creates no account when the invite e-mail cannot be stored; inviting again stores the account, its link and the e-mail", async () => {
    const owner = await staffCookie();
    const email = `invitado.${randomUUID().slice(0, 8)}@staff.test`;
    await refuseJobs(email, "mail.send");
    const inviteThem = () =>
      callRoute(invite, {
        method: "POST",
        path: "/api/staff/accounts",
        cookie: owner,
        body: { email, name: "Invited Person", role: "sales" },
      });
    expect((await inviteThem()).status).toBeGreaterThanOrEqual(500);
    expect(await testDb().staffAccount.count({ where: { email } })).toBe(0);
    expect(await testDb().mailMessage.count({ where: { toAddress: email } })).toBe(0);

    await allowJobs();
    const invited = await inviteThem();
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email_sent: true });
    expect(await testDb().staffAccount.count({ where: { email } })).toBe(1);
    expect(await testDb().job.count({ where: { key: `mail:${invited.json.message_id}` } })).toBe(1);
  });
});

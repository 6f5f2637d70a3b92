import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as draftForLead } from "@/app/api/crm/leads/[id]/proposal-draft/route";
import { GET as getProposal, PATCH as updateProposal } from "@/app/api/crm/proposals/[id]/route";
import { GET as listProposals, POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { contentSha256 } from "@/lib/proposals/content-hash";
import { ZProposalData } from "@/lib/proposals/proposal.schema";
import { proposalData } from "../../support/proposals";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { damagedPng, noisePng, palePng, signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import { makeStaffAccount, signInCookie, type TestAccount } from "../../support/staff";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
let cookie: string;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;

async function create(body: unknown) {
  return callRoute(createProposal, { method: "POST", path: "/api/crm/proposals", body, cookie });
}

/** Stores a proposal and shares it by 'Copy client link', so its link opens for the client. */
async function createShared(body: unknown) {
  const created = await create(body);
  const shared = await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${created.json.id}/share`,
    params: { id: created.json.id },
    cookie,
  });
  expect(shared.status).toBe(200);
  return created;
}

const view = (token: string, headers: Record<string, string> = {}, withCookie?: string) =>
  callRoute(viewByToken, {
    path: `/api/ai/proposals/${token}`,
    params: { token },
    headers,
    cookie: withCookie,
  });
const signBody = (overrides: Record<string, unknown> = {}) => ({
  full_name: "Ana Pérez",
  role: "Directora comercial",
  company: "Autos Caribe",
  date: "2026-11-22",
  image: signaturePng(),
  version: 1,
  ...overrides,
});
const signAs = (token: string, body: unknown) =>
  callRoute(sign, {
    method: "POST",
    path: `/api/ai/proposals/${token}/signature`,
    params: { token },
    body,
    headers: { "user-agent": "ClientBrowser/1.0", "x-forwarded-for": "203.0.113.7" },
  });

/** The author of this file's proposals: the staff copy of a signature goes to her (alert-recipients.ts). */
let marta: TestAccount;

beforeAll(async () => {
  await cancelLeftoverMail();
  // The app reads SMTP_URL on first use of its environment, so the server must be up before any call.
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Avanza AI <propuestas@avanza.example>";
  marta = await makeStaffAccount({ name: "Marta" });
  cookie = await signInCookie(marta);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  await smtp?.stop();
});

describe("staff proposal endpoints require a session", () => {
  const calls = [
    () => callRoute(listProposals, { path: "/api/crm/proposals" }),
    () =>
      callRoute(createProposal, {
        method: "POST",
        path: "/api/crm/proposals",
        body: { data: proposalData() },
      }),
    () =>
      callRoute(getProposal, {
        path: `/api/crm/proposals/${MISSING_ID}`,
        params: { id: MISSING_ID },
      }),
    () =>
      callRoute(updateProposal, {
        method: "PATCH",
        path: `/api/crm/proposals/${MISSING_ID}`,
        params: { id: MISSING_ID },
        body: { data: proposalData() },
      }),
    () =>
      callRoute(sendEmail, {
        method: "POST",
        path: "/api/crm/send-email",
        body: { proposal_id: MISSING_ID, to_email: "a@b.example", subject: "x" },
      }),
  ];
  it.each(calls.map((call, index) => [index, call] as const))(
    "call %i answers 401 without a session",
    async (_index, call) => {
      const result = await call();
      expect(result.status).toBe(401);
    },
  );
});

describe("storing proposals", () => {
  it("stores a draft and answers 201 with its id, a 256-bit token and the client link", async () => {
    const created = await create({ data: proposalData() });
    expect(created.status).toBe(201);
    expect(created.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.json.url).toMatch(new RegExp(`/proposals/ai-generated/${created.json.token}$`));
    const fetched = await callRoute(getProposal, {
      path: `/api/crm/proposals/${created.json.id}`,
      params: { id: created.json.id },
      cookie,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.json.data).toMatchObject({
      id: created.json.id,
      token: created.json.token,
      status: "draft",
      lang: "es",
      expires_at: null,
    });
    expect(fetched.json.data.data).toEqual(ZProposalData.parse(proposalData()));
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: created.json.id },
    });
    expect(events.map((e) => [e.type, e.actor])).toEqual([["created", "Marta"]]);
  });

  it("gives every proposal a different token", async () => {
    const a = await create({ data: proposalData() });
    const b = await create({ data: proposalData() });
    expect(a.json.token).not.toBe(b.json.token);
  });

  it("refuses invalid data with 400 naming the field", async () => {
    const badLang = await create({ data: proposalData({ lang: "fr" as "es" }) });
    expect(badLang.status).toBe(400);
    expect(Object.keys(badLang.json.error.fields)).toContain("data.lang");
    const badAmount = await create({
      data: { ...proposalData(), investment: { items: [{ label: "x", amount: 24000 }] } },
    });
    expect(badAmount.status).toBe(400);
    expect(Object.keys(badAmount.json.error.fields)).toContain("data.investment.items.0.amount");
    const badEmail = await create({
      data: proposalData({ client: { contactEmail: "not-an-email" } }),
    });
    expect(Object.keys(badEmail.json.error.fields)).toContain("data.client.contactEmail");
    const noData = await create({});
    expect(noData.status).toBe(400);
    expect(Object.keys(noData.json.error.fields)).toContain("data");
    const unknownLead = await create({ data: proposalData(), lead_id: MISSING_ID });
    expect(unknownLead.status).toBe(400);
    expect(Object.keys(unknownLead.json.error.fields)).toContain("lead_id");
  });

  it("accepts a proposal with items but no client and shows it as 'Cliente'", async () => {
    const created = await create({
      data: {
        title: "Sin cliente",
        investment: { items: [{ label: "Piloto", amount: "5,000" }] },
      },
    });
    expect(created.status).toBe(201);
    const listed = await callRoute(listProposals, { path: "/api/crm/proposals", cookie });
    const row = listed.json.data.find((p: { id: string }) => p.id === created.json.id);
    expect(row.client_name).toBe("Cliente");
    // …and says it is a stand-in, so a list in English can call it "Unnamed client".
    expect(row.client_named).toBe(false);
    const named = await create({ data: proposalData() });
    const again = await callRoute(listProposals, { path: "/api/crm/proposals", cookie });
    expect(again.json.data.find((p: { id: string }) => p.id === named.json.id).client_named).toBe(
      true,
    );
  });

  it("lists stored proposals newest first with their status", async () => {
    const older = await create({ data: proposalData({ title: "Older" }) });
    const newer = await create({ data: proposalData({ title: "Newer" }) });
    const listed = await callRoute(listProposals, { path: "/api/crm/proposals", cookie });
    const ids = listed.json.data.map((p: { id: string }) => p.id);
    expect(ids.indexOf(newer.json.id)).toBeLessThan(ids.indexOf(older.json.id));
    expect(listed.json.data[0]).toHaveProperty("status");
  });

  it("edits a draft and answers 404 for an unknown id", async () => {
    const created = await create({ data: proposalData() });
    const edited = await callRoute(updateProposal, {
      method: "PATCH",
      path: `/api/crm/proposals/${created.json.id}`,
      params: { id: created.json.id },
      body: { data: proposalData({ title: "Nuevo título", lang: "en" }) },
      cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({ title: "Nuevo título", lang: "en" });
    expect(
      (
        await callRoute(getProposal, {
          path: `/api/crm/proposals/${MISSING_ID}`,
          params: { id: MISSING_ID },
          cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(getProposal, {
          path: "/api/crm/proposals/nope",
          params: { id: "nope" },
          cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("the client link", () => {
  it("answers unknown and malformed tokens with the same 404 body", async () => {
    const unknown = await view("A".repeat(43));
    const malformed = await view("../../etc");
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.text).toBe(unknown.text);
  });

  it("records the first client view as opened, later ones as viewed, and not staff previews", async () => {
    const created = await create({ data: proposalData() });
    const preview = await view(created.json.token, {}, cookie);
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ status: "draft", expires_at: null });
    expect(preview.json.proposal_data.client.name).toBe("Autos Caribe");
    expect(preview.json.signature).toBeUndefined();
    expect((await view(created.json.token)).status).toBe(404);
    await callRoute(shareProposal, {
      method: "POST",
      path: `/api/crm/proposals/${created.json.id}/share`,
      params: { id: created.json.id },
      cookie,
    });
    const first = await view(created.json.token, {
      "user-agent": "ClientBrowser/1.0",
      "x-forwarded-for": "198.51.100.4",
    });
    expect(first.status).toBe(200);
    await view(created.json.token);
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: created.json.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["created", "shared", "opened", "viewed", "viewed"]);
    expect(events[2]).toMatchObject({ ipAddress: "198.51.100.4", userAgent: "ClientBrowser/1.0" });
    expect(
      (await testDb().proposal.findUnique({ where: { id: created.json.id } }))!.firstViewedAt,
    ).not.toBeNull();
  });
});

describe("sending by e-mail through a real SMTP server", () => {
  it("delivers the client link and the total in the proposal's language, marks it sent for 30 days and notes it on the lead", async () => {
    const lead = await makeLead({ email: `cliente-${Date.now()}@example.com` });
    const created = await create({
      data: proposalData({ client: { name: "Autos Caribe", contactId: lead.id } }),
      lead_id: lead.id,
    });
    const before = smtp.messages.length;
    const sent = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: {
        proposal_id: created.json.id,
        contact_id: lead.id,
        subject: "Su propuesta",
        html_content: "<script>ignored</script>",
      },
      cookie,
    });
    expect(sent.status).toBe(202);
    expect(sent.json).toMatchObject({ ok: true, status: "queued", message_id: expect.any(String) });

    await drainDueJobs();
    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    expect(message!.to).toEqual([lead.email]);
    expect(message!.parsed.subject).toBe("Su propuesta");
    expect(message!.parsed.html).toContain(`/proposals/ai-generated/${created.json.token}`);
    // Money as a Spanish reader writes it, and the lead's contact person greeted by name.
    expect(message!.parsed.html).toContain("24.000\u00a0US$");
    expect(message!.parsed.text).toContain(`Hola, ${lead.name}:`);
    expect(message!.parsed.html).not.toContain("<script>");

    const stored = (
      await callRoute(getProposal, {
        path: `/api/crm/proposals/${created.json.id}`,
        params: { id: created.json.id },
        cookie,
      })
    ).json.data;
    expect(stored.status).toBe("shared");
    const days = (Date.parse(stored.expires_at) - Date.parse(stored.sent_at)) / 86_400_000;
    expect(days).toBe(30);
    const activity = await testDb().activity.findFirst({
      where: { leadId: lead.id, type: "proposal_sent" },
    });
    expect(activity?.actor).toBe("Marta");
    const mails = await testDb().mailMessage.findMany({ where: { proposalId: created.json.id } });
    expect(mails.map((m) => [m.kind, m.status, m.toAddress])).toEqual([
      ["proposal", "sent", lead.email],
    ]);
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: created.json.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["created", "shared", "email_sent"]);

    const firstView = await view(created.json.token);
    expect(firstView.json.status).toBe("viewed");
  });

  it("writes an English proposal's e-mail in English", async () => {
    const created = await create({
      data: proposalData({ lang: "en", title: "Voice agent for sales" }),
    });
    const before = smtp.messages.length;
    const sent = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: {
        proposal_id: created.json.id,
        to_email: "buyer@example.com",
        subject: "Your proposal",
      },
      cookie,
    });
    expect(sent.status).toBe(202);
    await drainDueJobs();
    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    expect(message!.parsed.text).toContain("Hello Autos Caribe,");
    expect(message!.parsed.text).toContain("Initial investment: $24,000");
    expect(message!.parsed.text).toContain("valid for 30 days");
  });

  it("leaves out the total when there is no subtotal", async () => {
    const created = await create({
      data: proposalData({ investment: { currency: "USD", items: [], subtotal: "" } }),
    });
    const before = smtp.messages.length;
    await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: { proposal_id: created.json.id, to_email: "x@example.com", subject: "s" },
      cookie,
    });
    await drainDueJobs();
    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    expect(message!.parsed.text).not.toContain("Inversión inicial");
  });

  it("refuses to send without a recipient or for an unknown proposal", async () => {
    const created = await create({ data: proposalData() });
    const noRecipient = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: { proposal_id: created.json.id, subject: "s" },
      cookie,
    });
    expect(noRecipient.status).toBe(400);
    const leadWithoutEmail = await makeLead({ email: null });
    const noEmail = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: { proposal_id: created.json.id, contact_id: leadWithoutEmail.id, subject: "s" },
      cookie,
    });
    expect(noEmail.status).toBe(400);
    const unknown = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: { proposal_id: MISSING_ID, to_email: "x@example.com", subject: "s" },
      cookie,
    });
    expect(unknown.status).toBe(404);
    expect(await testDb().mailMessage.count({ where: { proposalId: created.json.id } })).toBe(0);
  });
});

describe("signing", () => {
  it("signs once: stores the signature with its hash, moves the lead to Won and e-mails client and staff", async () => {
    const lead = await makeLead({ stage: "Proposal" });
    const created = await createShared({ data: proposalData(), lead_id: lead.id });
    const before = smtp.messages.length;
    const signed = await signAs(created.json.token, signBody());
    expect(signed.status).toBe(201);
    expect(signed.json.signature).toMatchObject({
      full_name: "Ana Pérez",
      role: "Directora comercial",
      company: "Autos Caribe",
      date: "2026-11-22",
    });
    expect(signed.json.signature.content_sha256).toBe(
      contentSha256(ZProposalData.parse(proposalData())),
    );

    const stored = await testDb().proposalSignature.findUnique({
      where: { proposalId: created.json.id },
    });
    expect(stored).toMatchObject({ ipAddress: "203.0.113.7", userAgent: "ClientBrowser/1.0" });
    expect(Buffer.from(stored!.image!).subarray(1, 4).toString()).toBe("PNG");

    const updatedLead = await testDb().lead.findUnique({ where: { id: lead.id } });
    expect(updatedLead!.stage).toBe("Won");
    const activities = await testDb().activity.findMany({ where: { leadId: lead.id } });
    expect(activities.map((a) => a.type).sort()).toEqual(["proposal_signed", "stage_change"]);

    await drainDueJobs();
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      ["compras@autos-caribe.example", marta.email].sort(),
    );
    expect(mails.find((m) => m.to[0] === "compras@autos-caribe.example")!.parsed.subject).toBe(
      "Propuesta firmada: Agente de voz para ventas",
    );

    const again = await view(created.json.token);
    expect(again.json.status).toBe("signed");
    expect(again.json.signature.image).toMatch(/^data:image\/png;base64,/);

    const second = await signAs(created.json.token, signBody({ full_name: "Otra Persona" }));
    expect(second.status).toBe(409);
    const edit = await callRoute(updateProposal, {
      method: "PATCH",
      path: `/api/crm/proposals/${created.json.id}`,
      params: { id: created.json.id },
      body: { data: proposalData({ title: "Cambiada" }) },
      cookie,
    });
    expect(edit.status).toBe(409);
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: created.json.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toContain("signed");
  });

  it("refuses an invalid signature with 400 and an oversize one with 413", async () => {
    const created = await createShared({ data: proposalData() });
    const empty = await signAs(
      created.json.token,
      signBody({ image: signaturePng({ strokes: false }) }),
    );
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.image).toBeDefined();
    const notPng = await signAs(
      created.json.token,
      signBody({
        image: `data:image/png;base64,${Buffer.from("GIF89a not a png at all, really not").toString("base64")}`,
      }),
    );
    expect(notPng.status).toBe(400);
    const missingName = await signAs(created.json.token, signBody({ full_name: "" }));
    expect(missingName.status).toBe(400);
    expect(missingName.json.error.fields.full_name).toBeDefined();
    const huge = await signAs(created.json.token, signBody({ image: noisePng(240, 240) }));
    expect(huge.status).toBe(413);
    const unknown = await signAs("B".repeat(43), signBody());
    expect(unknown.status).toBe(404);
    expect(await testDb().proposalSignature.count({ where: { proposalId: created.json.id } })).toBe(
      0,
    );
  });

  it("refuses a canvas without ink and an image that cannot be decoded with 400, without spending the link's budget", async () => {
    const created = await createShared({ data: proposalData() });
    // Both pass the checks made on the bytes as sent; only decoding them (in the PDF worker) tells.
    for (let attempt = 0; attempt < 12; attempt++) {
      const pale = await signAs(created.json.token, signBody({ image: palePng(200, 100) }));
      expect(pale.status).toBe(400);
      expect(pale.json.error.fields.image).toEqual([
        "The signature is empty or too small; draw your signature.",
      ]);
      const damaged = await signAs(created.json.token, signBody({ image: damagedPng() }));
      expect(damaged.status).toBe(400);
      expect(damaged.json.error.fields.image).toEqual(["The signature image cannot be read."]);
    }
    // Twenty-four refusals later the client still signs: none of them used the ten-attempt budget.
    expect((await signAs(created.json.token, signBody())).status).toBe(201);
  });

  it("judges a blank or oversized image from its bytes, before the link is looked up", async () => {
    const unknown = "C".repeat(43);
    const blank = await signAs(
      unknown,
      signBody({ image: signaturePng({ strokes: false, width: 1500, height: 480 }) }),
    );
    expect(blank.status).toBe(400);
    expect(blank.json.error.fields.image).toBeDefined();
    const oversized = await signAs(
      unknown,
      signBody({ image: signaturePng({ strokes: false, width: 3000, height: 1000 }) }),
    );
    expect(oversized.status).toBe(413);
    // A drawn signature on the same unknown link is what learns the link does not exist.
    expect((await signAs(unknown, signBody())).status).toBe(404);
  });

  it("two signatures posted at once: one wins, the other gets 409", async () => {
    const created = await createShared({ data: proposalData() });
    const results = await Promise.all([
      signAs(created.json.token, signBody()),
      signAs(created.json.token, signBody({ full_name: "Otra Persona" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await testDb().proposalSignature.count({ where: { proposalId: created.json.id } })).toBe(
      1,
    );
  });

  it("blank or malformed attempts never use up the link's budget; well-formed ones are throttled per address (429 with Retry-After)", async () => {
    const created = await createShared({ data: proposalData() });
    const blank = signBody({ image: signaturePng({ strokes: false }) });
    for (let attempt = 0; attempt < 25; attempt++)
      expect((await signAs(created.json.token, blank)).status).toBe(400);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signAs(created.json.token, signBody({ full_name: "" }))).status).toBe(400);
    // Well-formed attempts for a stale version count: ten from one address, then 429.
    const stale = signBody({ version: 99 });
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await signAs(created.json.token, stale)).status).toBe(409);
    const throttled = await signAs(created.json.token, signBody());
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address still has its own budget, and signs.
    const fromElsewhere = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${created.json.token}/signature`,
      params: { token: created.json.token },
      body: signBody({ version: 1 }),
      headers: { "x-forwarded-for": "198.51.100.99" },
    });
    expect(fromElsewhere.status).toBe(201);
    expect(await testDb().proposalSignature.count({ where: { proposalId: created.json.id } })).toBe(
      1,
    );
  });

  it("refuses a signature posted from another site", async () => {
    const created = await createShared({ data: proposalData() });
    const result = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${created.json.token}/signature`,
      params: { token: created.json.token },
      body: signBody(),
      isCrossSite: true,
    });
    expect(result.status).toBe(403);
  });

  it("an expired proposal stays readable with status 'expired' and cannot be signed (410)", async () => {
    const created = await createShared({ data: proposalData() });
    await callRoute(sendEmail, {
      method: "POST",
      path: "/api/crm/send-email",
      body: { proposal_id: created.json.id, to_email: "late@example.com", subject: "s" },
      cookie,
    });
    await testDb().proposal.update({
      where: { id: created.json.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const read = await view(created.json.token);
    expect(read.status).toBe(200);
    expect(read.json.status).toBe("expired");
    const signed = await signAs(created.json.token, signBody());
    expect(signed.status).toBe(410);
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: created.json.id, type: "expired" },
    });
    expect(events).toHaveLength(1);
  });
});

describe("drafting from a lead", () => {
  it("answers a complete draft from the lead's latest answers, 404 for an unknown lead, 401 without a session", async () => {
    const lead = await makeLead({
      company: "Clínica Norte",
      email: "lucia@clinica-norte.example",
      lang: "en",
    });
    await testDb().leadSubmission.create({
      data: {
        submissionId: `s-${lead.id}`,
        leadId: lead.id,
        source: "optin",
        lang: "en",
        answers: {
          areas: ["customer experience"],
          budget: "$100k–$500k",
          timeline: "3–6 months",
          lang: "en",
        },
      },
    });
    const drafted = await callRoute(draftForLead, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/proposal-draft`,
      params: { id: lead.id },
      cookie,
    });
    expect(drafted.status).toBe(200);
    expect(drafted.json.lead_id).toBe(lead.id);
    expect(drafted.json.data).toMatchObject({
      lang: "en",
      client: { name: "Clínica Norte", contactId: lead.id },
      investment: { subtotal: "37,000" },
    });
    expect(ZProposalData.safeParse(drafted.json.data).success).toBe(true);
    expect(
      (
        await callRoute(draftForLead, {
          method: "POST",
          path: `/api/crm/leads/${MISSING_ID}/proposal-draft`,
          params: { id: MISSING_ID },
          cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(draftForLead, {
          method: "POST",
          path: `/api/crm/leads/${lead.id}/proposal-draft`,
          params: { id: lead.id },
        })
      ).status,
    ).toBe(401);
  });
});

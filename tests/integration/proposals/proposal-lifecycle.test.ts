import { beforeAll, describe, expect, it } from "vitest";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as draftForLead } from "@/app/api/crm/leads/[id]/proposal-draft/route";
import { POST as extendProposal } from "@/app/api/crm/proposals/[id]/extend/route";
import { GET as getProposal, PATCH as updateProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as withdrawProposal } from "@/app/api/crm/proposals/[id]/withdraw/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { contentSha256 } from "@/lib/proposals/content-hash";
import { ZProposalData, type ProposalDataInput } from "@/lib/proposals/proposal.schema";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { signaturePng } from "../../support/signature-png";
import { staffCookie, uniqueAddress } from "../../support/staff";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const DAY_MS = 86_400_000;
let cookie: string;

const proposalData = (overrides: Partial<ProposalDataInput> = {}): ProposalDataInput => ({
  lang: "es",
  title: "Agente de voz",
  client: { name: "Autos Caribe", contactEmail: "" },
  investment: { currency: "USD", subtotal: "24,000" },
  ...overrides,
});

beforeAll(async () => {
  delete process.env.SMTP_URL;
  cookie = await staffCookie({ name: "Marta" });
});

const create = async (data = proposalData(), leadId?: string) =>
  (
    await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: { data, ...(leadId ? { lead_id: leadId } : {}) },
      cookie,
    })
  ).json as { id: string; token: string; url: string };

const staffPost = (
  handler: typeof shareProposal,
  id: string,
  action: string,
  body?: unknown,
  withCookie: string | undefined = cookie,
) =>
  callRoute(handler, {
    method: "POST",
    path: `/api/crm/proposals/${id}/${action}`,
    params: { id },
    body,
    cookie: withCookie,
  });
const share = (id: string) => staffPost(shareProposal, id, "share");
const extend = (id: string, days: unknown) => staffPost(extendProposal, id, "extend", { days });
const withdraw = (id: string) => staffPost(withdrawProposal, id, "withdraw");
const edit = (id: string, data: ProposalDataInput) =>
  callRoute(updateProposal, {
    method: "PATCH",
    path: `/api/crm/proposals/${id}`,
    params: { id },
    body: { data },
    cookie,
  });
const staffGet = async (id: string) =>
  (await callRoute(getProposal, { path: `/api/crm/proposals/${id}`, params: { id }, cookie })).json
    .data;
const view = (
  token: string,
  { lang, acceptLanguage }: { lang?: string; acceptLanguage?: string } = {},
) =>
  callRoute(viewByToken, {
    path: `/api/ai/proposals/${token}${lang ? `?lang=${lang}` : ""}`,
    params: { token },
    headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
  });
const signBody = (overrides: Record<string, unknown> = {}) => ({
  full_name: "Ana Pérez",
  role: "Directora",
  company: "Autos Caribe",
  date: "2026-11-23",
  image: signaturePng(),
  ...overrides,
});
const signAs = (token: string, body: unknown, address = uniqueAddress()) =>
  callRoute(sign, {
    method: "POST",
    path: `/api/ai/proposals/${token}/signature`,
    params: { token },
    body,
    headers: { "x-forwarded-for": address, "user-agent": "ClientBrowser/2.0" },
  });

describe("sharing starts the clock", () => {
  it("the first share opens the link for 30 days and records who shared it; later calls answer the same link", async () => {
    const created = await create();
    expect((await view(created.token)).status).toBe(404);
    const first = await share(created.id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "shared", url: created.url });
    const expiresAt = Date.parse(first.json.expires_at);
    expect(Math.round((expiresAt - Date.now()) / DAY_MS)).toBe(30);
    const again = await share(created.id);
    expect(again.json).toEqual(first.json);
    const events = await testDb().proposalEvent.findMany({
      where: { proposalId: created.id, type: "shared" },
    });
    expect(events.map((e) => e.actor)).toEqual(["Marta"]);
    const opened = await view(created.token);
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({
      status: "viewed",
      expires_at: first.json.expires_at,
      version: 1,
      languages: ["es"],
      content_sha256: contentSha256(ZProposalData.parse(proposalData())),
    });
  });

  it("answers 401 without a session and 404 for an unknown proposal", async () => {
    expect((await staffPost(shareProposal, MISSING_ID, "share", undefined, "")).status).toBe(401);
    expect((await share(MISSING_ID)).status).toBe(404);
    expect((await withdraw(MISSING_ID)).status).toBe(404);
    expect((await extend(MISSING_ID, 10)).status).toBe(404);
  });
});

describe("extending", () => {
  it("reopens an expired proposal for a new date with an audit event", async () => {
    const created = await create();
    await share(created.id);
    await testDb().proposal.update({
      where: { id: created.id },
      data: { expiresAt: new Date(Date.now() - DAY_MS) },
    });
    expect((await view(created.token)).json.status).toBe("expired");
    expect((await signAs(created.token, signBody({ version: 1 }))).status).toBe(410);
    const extended = await extend(created.id, 14);
    expect(extended.status).toBe(200);
    expect(Math.round((Date.parse(extended.json.expires_at) - Date.now()) / DAY_MS)).toBe(14);
    const stored = await staffGet(created.id);
    expect(stored.status).toBe("viewed");
    expect(stored.expires_at).toBe(extended.json.expires_at);
    const types = (
      await testDb().proposalEvent.findMany({ where: { proposalId: created.id } })
    ).map((e) => e.type);
    expect(types).toContain("extended");
    expect((await signAs(created.token, signBody({ version: 1 }))).status).toBe(201);
  });

  it("adds the days to a date still in the future, refuses bad input with 400 and a signed proposal with 409", async () => {
    const created = await create();
    const shared = await share(created.id);
    const extended = await extend(created.id, 10);
    expect(Date.parse(extended.json.expires_at) - Date.parse(shared.json.expires_at)).toBe(
      10 * DAY_MS,
    );
    expect((await extend(created.id, 0)).status).toBe(400);
    expect((await extend(created.id, "ten")).status).toBe(400);
    expect((await extend(created.id, 1.5)).status).toBe(400);
    expect((await signAs(created.token, signBody({ version: 1 }))).status).toBe(201);
    expect((await extend(created.id, 10)).status).toBe(409);
    expect((await withdraw(created.id)).status).toBe(409);
  });
});

describe("withdrawing", () => {
  it("closes the link: view and signature answer the same 404 as an unknown token", async () => {
    const created = await create();
    await share(created.id);
    expect((await view(created.token)).status).toBe(200);
    const withdrawn = await withdraw(created.id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toEqual({ status: "withdrawn" });
    const closed = await view(created.token);
    const unknown = await view("C".repeat(43));
    expect(closed.status).toBe(404);
    expect(closed.text).toBe(unknown.text);
    expect((await signAs(created.token, signBody({ version: 1 }))).status).toBe(404);
    expect((await share(created.id)).status).toBe(409);
    const stored = await staffGet(created.id);
    expect(stored.status).toBe("withdrawn");
    expect(stored.withdrawn_at).not.toBeNull();
    expect(await testDb().proposalSignature.count({ where: { proposalId: created.id } })).toBe(0);
  });
});

describe("one 404 for every link that does not open", () => {
  it("unknown, malformed, draft and withdrawn tokens answer one body, in the visitor's language", async () => {
    const draft = await create();
    const withdrawn = await create();
    await share(withdrawn.id);
    await withdraw(withdrawn.id);
    const tokens = ["D".repeat(43), "../../etc", draft.token, withdrawn.token];
    for (const lang of ["es", "en"] as const) {
      const answers = await Promise.all(tokens.map((token) => view(token, { lang })));
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(answers[0]!.json.error.code).toBe("not_found");
    }
    const es = await view(draft.token, { lang: "es" });
    const en = await view(draft.token, { lang: "en" });
    expect(es.json.error.message).toMatch(/propuesta/);
    expect(en.json.error.message).toMatch(/proposal/);
    const byHeader = await view(draft.token, { acceptLanguage: "en-GB,en;q=0.9" });
    expect(byHeader.text).toBe(en.text);
  });
});

describe("versions", () => {
  it("every edit makes a kept version with who and when; the client sees the latest", async () => {
    const created = await create();
    await share(created.id);
    const edited = await edit(created.id, proposalData({ title: "Agente de voz v2" }));
    expect(edited.status).toBe(200);
    expect(edited.json.data.version).toBe(2);
    const versions = await testDb().proposalVersion.findMany({
      where: { proposalId: created.id },
      orderBy: { version: "asc" },
    });
    expect(versions.map((v) => [v.version, v.actor])).toEqual([
      [1, "Marta"],
      [2, "Marta"],
    ]);
    expect(versions[1]!.contentSha256).toBe(
      contentSha256(ZProposalData.parse(proposalData({ title: "Agente de voz v2" }))),
    );
    const seen = await view(created.token);
    expect(seen.json).toMatchObject({ version: 2, proposal_data: { title: "Agente de voz v2" } });
  });

  it("a signature that names neither the version nor the content hash it read is refused with 400 and nothing is written", async () => {
    const lead = await makeLead({ stage: "Proposal" });
    const created = await create(proposalData(), lead.id);
    await share(created.id);
    const unnamed = await signAs(created.token, signBody());
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error.code).toBe("validation");
    expect(unnamed.json.error.fields.version).toBeDefined();
    expect(await testDb().proposalSignature.count({ where: { proposalId: created.id } })).toBe(0);
    expect((await testDb().lead.findUnique({ where: { id: lead.id } }))!.stage).toBe("Proposal");
    expect((await signAs(created.token, signBody({ version: 1 }))).status).toBe(201);
  });

  it("staff edit between opening and signing: the old version's signature answers 409 changed and nothing is written", async () => {
    const lead = await makeLead({ stage: "Proposal" });
    const created = await create(proposalData(), lead.id);
    await share(created.id);
    const opened = await view(created.token);
    await edit(created.id, proposalData({ investment: { currency: "USD", subtotal: "30,000" } }));
    const stale = await signAs(created.token, signBody({ version: opened.json.version }));
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("changed");
    const staleByHash = await signAs(
      created.token,
      signBody({ content_sha256: opened.json.content_sha256 }),
    );
    expect(staleByHash.status).toBe(409);
    expect(staleByHash.json.error.code).toBe("changed");
    expect(await testDb().proposalSignature.count({ where: { proposalId: created.id } })).toBe(0);
    expect((await testDb().lead.findUnique({ where: { id: lead.id } }))!.stage).toBe("Proposal");

    const reloaded = await view(created.token);
    const signed = await signAs(
      created.token,
      signBody({ version: reloaded.json.version, lang: "en" }),
    );
    expect(signed.status).toBe(201);
    // A single-language proposal is signed in its own language, whatever the page asked for.
    expect(signed.json.signature).toMatchObject({
      version: 2,
      lang: "es",
      content_sha256: reloaded.json.content_sha256,
    });
    expect((await testDb().lead.findUnique({ where: { id: lead.id } }))!.stage).toBe("Won");
    expect((await edit(created.id, proposalData({ title: "After" }))).status).toBe(409);
  });

  it("answers the 409 'changed' message in the page's language", async () => {
    const created = await create();
    await share(created.id);
    await edit(created.id, proposalData({ title: "v2" }));
    const es = await signAs(created.token, signBody({ version: 1, lang: "es" }));
    const en = await signAs(created.token, signBody({ version: 1, lang: "en" }));
    expect(es.json.error.message).toMatch(/cambió/);
    expect(en.json.error.message).toMatch(/changed/);
  });

  it("refuses a version or hash that is not well-formed with 400 without touching the budget", async () => {
    const created = await create();
    await share(created.id);
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await signAs(created.token, signBody({ version: "x" }), address)).status).toBe(400);
      expect(
        (await signAs(created.token, signBody({ content_sha256: "not-hex" }), address)).status,
      ).toBe(400);
    }
    expect((await signAs(created.token, signBody({ version: 1 }), address)).status).toBe(201);
  });
});

describe("both languages", () => {
  it("a lead's draft carries both languages; posted unchanged it is stored in both, the client reads and signs either without mixing", async () => {
    const lead = await makeLead({ company: "Clínica Sur", lang: "es" });
    await testDb().leadSubmission.create({
      data: {
        submissionId: `s-${lead.id}`,
        leadId: lead.id,
        source: "optin",
        lang: "es",
        answers: {
          areas: ["customer experience"],
          budget: "$25k–$100k",
          timeline: "3–6 months",
          lang: "es",
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
    expect(drafted.json.data.lang).toBe("es");
    expect(drafted.json.translations.en.lang).toBe("en");
    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: drafted.json,
      cookie,
    });
    expect(created.status).toBe(201);
    await share(created.json.id);
    const es = await view(created.json.token, { lang: "es" });
    const en = await view(created.json.token, { lang: "en" });
    expect(es.json.languages).toEqual(["es", "en"]);
    expect(es.json.proposal_data).toEqual(drafted.json.data);
    expect(en.json.proposal_data).toEqual(drafted.json.translations.en);
    expect(en.json.proposal_data.investment.items[0].label).not.toBe(
      es.json.proposal_data.investment.items[0].label,
    );
    expect(en.json.content_sha256).toBe(contentSha256(drafted.json.translations.en));
    const signed = await signAs(
      created.json.token,
      signBody({ version: en.json.version, lang: "en" }),
    );
    expect(signed.status).toBe(201);
    expect(signed.json.signature).toMatchObject({
      lang: "en",
      content_sha256: en.json.content_sha256,
    });
  });

  it("refuses a translation whose language does not match its key or repeats the main one", async () => {
    const body = (translations: unknown) =>
      callRoute(createProposal, {
        method: "POST",
        path: "/api/crm/proposals",
        body: { data: proposalData(), translations },
        cookie,
      });
    expect((await body({ en: proposalData({ lang: "es" }) })).status).toBe(400);
    expect((await body({ es: proposalData({ lang: "es" }) })).status).toBe(400);
    expect((await body({ en: proposalData({ lang: "en" }) })).status).toBe(201);
  });
});

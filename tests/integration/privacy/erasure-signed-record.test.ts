import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as clientView } from "@/app/api/ai/proposals/[token]/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as clientUnsignedPdf } from "@/app/api/ai/proposals/[token]/proposal.pdf/route";
import { GET as clientPdf } from "@/app/api/ai/proposals/[token]/signed.pdf/route";
import { POST as erase } from "@/app/api/crm/leads/[id]/erase/route";
import { GET as staffProposal, PATCH as updateProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { GET as staffUnsignedPdf } from "@/app/api/crm/proposals/[id]/proposal.pdf/route";
import { GET as staffPdf } from "@/app/api/crm/proposals/[id]/signed.pdf/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as verify } from "@/app/api/proposals/verify/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { isClientLinkOpenToVisitors } from "@/lib/proposals/client-link-gate";
import { testDatabaseUrl, testDb } from "../../support/factories";
import { callRoute, TEST_ORIGIN } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { proposalData } from "../../support/proposals";
import { signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie, uniqueAddress } from "../../support/staff";

// The audit an outside reviewer runs after erasing a client who signed: every table, every file the
// app serves. Only the legal record docs/product.md ("Erasure and signed records") describes may stay.

const tag = randomUUID().slice(0, 8);
const signer = { name: `Ana Borrada ${tag}`, role: `Directora ${tag}` };
const email = `ana-${tag}@autos-caribe.example`;
const viewerAddress = uniqueAddress();
const signerAddress = uniqueAddress();
const viewerAgent = `ViewerBrowser/${tag}`;
const signerAgent = `SignerBrowser/${tag}`;
const company = `Autos Caribe ${tag}`;

/**
 * Tables allowed to hold the signer's address for a while, as the policy says: the anti-abuse
 * counters of the signing and view limits, deleted within a day of their window.
 */
const ANTI_ABUSE_TABLES = ["rate_limit_counters", "rate_limit_hits"];

/** Every row of every table in the database whose text contains `needle` (bytea is rendered as hex). */
async function rowsContaining(needle: string): Promise<string[]> {
  const tables = await testDb().$queryRaw<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY 1`;
  const found: string[] = [];
  for (const { name } of tables) {
    if (ANTI_ABUSE_TABLES.includes(name)) continue;
    // The name comes from the catalogue, so splicing it in is safe.
    const [row] = await testDb().$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM "${name}" t WHERE strpos(lower(t::text), lower($1)) > 0`,
      needle,
    );
    if (Number(row!.n) > 0) found.push(`${name} (${row!.n})`);
  }
  return found;
}

async function download(
  handler: typeof clientPdf,
  url: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await handler(new NextRequest(new URL(url, TEST_ORIGIN), { headers }), {
    params: Promise.resolve(params),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, text: Buffer.from(bytes).toString("latin1") };
}

async function verifyUpload(bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "copy.pdf");
  const encoded = new Response(form);
  const response = await verify(
    new NextRequest(new URL("/api/proposals/verify", TEST_ORIGIN), {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type")!,
        "x-forwarded-for": uniqueAddress(),
      },
      body: new Uint8Array(await encoded.arrayBuffer()),
    }),
    { params: Promise.resolve({}) },
  );
  return response.json();
}

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let cookie: string;

beforeAll(async () => {
  await cancelLeftoverMail();
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  cookie = await staffCookie({ name: "Marta" });
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.stop();
});

describe("erasing a client who signed a proposal", () => {
  let leadId: string;
  let proposalId: string;
  let token: string;
  let clientCopy: Uint8Array;
  let otherHeldId: string;

  beforeAll(async () => {
    const db = testDb();
    const lead = await db.lead.create({
      data: { name: signer.name, email, company, phone: `+34 600 ${tag.slice(0, 3)}` },
    });
    leadId = lead.id;
    // Held for review under the same address (in another case), and someone else's.
    await db.heldLeadSubmission.create({
      data: {
        submissionId: `held-${tag}-ana`,
        bodyHash: `held-${tag}-ana`,
        email: email.toUpperCase(),
        payload: { name: signer.name, email, company },
        clientAddress: viewerAddress,
        userAgent: viewerAgent,
      },
    });
    otherHeldId = (
      await db.heldLeadSubmission.create({
        data: {
          submissionId: `held-${tag}-other`,
          bodyHash: `held-${tag}-other`,
          email: `otra-${tag}@example.com`,
          payload: { name: "Otra Persona" },
        },
      })
    ).id;

    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: {
        data: proposalData({
          client: {
            name: company,
            industry: "Automotriz",
            country: "República Dominicana",
            contactEmail: email,
            contactId: lead.id,
            logoUrl: "",
          },
        }),
        lead_id: lead.id,
      },
      cookie,
    });
    expect(created.status).toBe(201);
    proposalId = created.json.id;
    token = created.json.token;
    const shared = await callRoute(shareProposal, {
      method: "POST",
      path: `/api/crm/proposals/${proposalId}/share`,
      params: { id: proposalId },
      cookie,
    });
    expect(shared.status).toBeLessThan(300);
    const viewed = await callRoute(clientView, {
      path: `/api/ai/proposals/${token}`,
      params: { token },
      headers: { "x-forwarded-for": viewerAddress, "user-agent": viewerAgent },
    });
    expect(viewed.status).toBe(200);
    const signed = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${token}/signature`,
      params: { token },
      body: {
        full_name: signer.name,
        role: signer.role,
        company,
        date: "2026-11-26",
        image: signaturePng(),
        version: 1,
        lang: "es",
      },
      headers: { "x-forwarded-for": signerAddress, "user-agent": signerAgent },
    });
    expect(signed.status).toBe(201);
    await drainDueJobs();
    const sealed = await download(clientPdf, `/api/ai/proposals/${token}/signed.pdf`, { token });
    expect(sealed.status).toBe(200);
    clientCopy = sealed.bytes;
    // Before erasure the data is really there, so the audit below can fail.
    expect(await rowsContaining(signer.name)).not.toEqual([]);
    expect(await rowsContaining(signerAddress)).not.toEqual([]);

    const erased = await callRoute(erase, {
      method: "POST",
      path: `/api/crm/leads/${leadId}/erase`,
      params: { id: leadId },
      cookie,
    });
    expect(erased.status).toBe(200);
    await drainDueJobs();
  });

  it("leaves the signer's name, role, e-mail, IP addresses and browsers in no row of any table", async () => {
    for (const needle of [
      signer.name,
      signer.role,
      email,
      viewerAddress,
      signerAddress,
      viewerAgent,
      signerAgent,
    ])
      expect({ needle, rows: await rowsContaining(needle) }).toEqual({ needle, rows: [] });
  });

  it("keeps the legal record: company, hashes, version, language, typed date and signing time, without image or PDF", async () => {
    const signature = await testDb().proposalSignature.findUniqueOrThrow({
      where: { proposalId },
    });
    expect(signature).toMatchObject({
      fullName: company,
      company,
      role: "",
      signedDate: "2026-11-26",
      version: 1,
      lang: "es",
      image: null,
      pdf: null,
      ipAddress: null,
      userAgent: null,
    });
    expect(signature.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signature.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const proposal = await testDb().proposal.findUniqueOrThrow({
      where: { id: proposalId },
      include: { versions: true, events: true },
    });
    expect(proposal.status).toBe("signed");
    expect(proposal.erasedAt).not.toBeNull();
    expect(proposal.data).toMatchObject({
      title: "Agente de voz para ventas",
      client: { name: company, contactEmail: "", contactId: "" },
    });
    for (const version of proposal.versions)
      expect(version.data).toMatchObject({
        data: { client: { name: company, contactEmail: "", contactId: "" } },
      });
    expect(proposal.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["opened", "viewed", "signed"]),
    );
    expect(proposal.events.filter((e) => e.ipAddress || e.userAgent)).toEqual([]);
  });

  it("the client link serves neither the proposal nor the sealed PDF: 410 saying it was erased, and the page's gate stays shut", async () => {
    const page = await callRoute(clientView, {
      path: `/api/ai/proposals/${token}?lang=en`,
      params: { token },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(page.status).toBe(410);
    expect(page.json.error.message).toMatch(/personal data was erased/);
    expect(page.text).not.toContain(company);
    const pdf = await download(clientPdf, `/api/ai/proposals/${token}/signed.pdf`, { token });
    expect(pdf.status).toBe(410);
    expect(pdf.text).toMatch(/datos personales del cliente se borraron/);
    // The link's "Download PDF" too.
    expect(
      (await download(clientUnsignedPdf, `/api/ai/proposals/${token}/proposal.pdf`, { token }))
        .status,
    ).toBe(410);
    expect(await isClientLinkOpenToVisitors(token)).toBe(false);
    // Nor can the erased link be signed again.
    const resigned = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${token}/signature`,
      params: { token },
      body: {
        full_name: "Otra Firma",
        role: "CEO",
        company,
        date: "2026-11-26",
        image: signaturePng(),
        version: 1,
      },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(resigned.status).toBe(410);
  });

  it("staff see the record without contact data, and the sealed PDF answers 410 for them too", async () => {
    const shown = await callRoute(staffProposal, {
      path: `/api/crm/proposals/${proposalId}`,
      params: { id: proposalId },
      cookie,
    });
    expect(shown.status).toBe(200);
    for (const needle of [signer.name, signer.role, email, signerAddress, viewerAddress])
      expect(shown.text).not.toContain(needle);
    expect(shown.json.data.signature).toMatchObject({ full_name: company, image: null });
    const pdf = await download(
      staffPdf,
      `/api/crm/proposals/${proposalId}/signed.pdf`,
      { id: proposalId },
      { cookie },
    );
    expect(pdf.status).toBe(410);
  });

  it("the copy the client received still verifies against the record, naming only the company", async () => {
    const result = await verifyUpload(clientCopy);
    expect(result).toMatchObject({ match: true, kind: "file", signer: company });
    expect(JSON.stringify(result)).not.toContain(signer.name);
    // The content fingerprint the client was given is kept, and answers with the same kept facts.
    const { contentSha256 } = await testDb().proposalSignature.findUniqueOrThrow({
      where: { proposalId },
    });
    const byContent = await callRoute(verify, {
      method: "POST",
      path: "/api/proposals/verify",
      body: { sha256: contentSha256 },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(byContent.json).toEqual({ ...result, kind: "content" });
  });

  it("held submissions under the erased e-mail are deleted, whatever its case; others stay", async () => {
    expect(
      await testDb().heldLeadSubmission.count({
        where: { email: { equals: email, mode: "insensitive" } },
      }),
    ).toBe(0);
    expect(await testDb().heldLeadSubmission.findUnique({ where: { id: otherHeldId } })).not.toBe(
      null,
    );
  });
});

it("an unsigned proposal of an erased lead closes too: its link answers 410 and staff cannot edit, share or e-mail it again", async () => {
  const lead = await testDb().lead.create({
    data: {
      name: `Pendiente ${tag}`,
      email: `pendiente-${tag}@example.com`,
      company: "Pendiente SL",
    },
  });
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: { data: proposalData(), lead_id: lead.id },
    cookie,
  });
  const { id, token } = created.json as { id: string; token: string };
  await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
  expect(
    (await callRoute(clientView, { path: `/api/ai/proposals/${token}`, params: { token } })).status,
  ).toBe(200);
  await callRoute(erase, {
    method: "POST",
    path: `/api/crm/leads/${lead.id}/erase`,
    params: { id: lead.id },
    cookie,
  });

  expect(
    (await callRoute(clientView, { path: `/api/ai/proposals/${token}`, params: { token } })).status,
  ).toBe(410);
  const shown = await callRoute(staffProposal, {
    path: `/api/crm/proposals/${id}`,
    params: { id },
    cookie,
  });
  expect(shown.json.data.erased_at).toEqual(expect.any(String));
  const edited = await callRoute(updateProposal, {
    method: "PATCH",
    path: `/api/crm/proposals/${id}`,
    params: { id },
    body: { data: proposalData({ title: "Otra vez" }) },
    cookie,
  });
  const shared = await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
  const mailed = await callRoute(sendEmail, {
    method: "POST",
    path: "/api/crm/send-email",
    body: { proposal_id: id, to_email: `nuevo-${tag}@example.com`, subject: "Propuesta" },
    cookie,
  });
  expect([edited.status, shared.status, mailed.status]).toEqual([409, 409, 409]);
  // Neither the client's nor the staff's PDF prints the erased client's details.
  const clientFile = await clientUnsignedPdf(
    new NextRequest(new URL(`/api/ai/proposals/${token}/proposal.pdf`, TEST_ORIGIN)),
    { params: Promise.resolve({ token }) },
  );
  const staffFile = await staffUnsignedPdf(
    new NextRequest(new URL(`/api/crm/proposals/${id}/proposal.pdf`, TEST_ORIGIN), {
      headers: { cookie },
    }),
    { params: Promise.resolve({ id }) },
  );
  expect([clientFile.status, staffFile.status]).toEqual([410, 410]);
  expect(
    await testDb().mailMessage.count({ where: { toAddress: `nuevo-${tag}@example.com` } }),
  ).toBe(0);
});

it("npm run privacy:export includes held submissions and every proposal view with its IP address and browser", async () => {
  const db = testDb();
  const address = `export-${tag}@example.com`;
  const viewer = uniqueAddress();
  const lead = await db.lead.create({ data: { name: "Persona Export", email: address } });
  const linked = await db.proposal.create({
    data: {
      token: `export-${tag}-a`,
      data: proposalData({ title: "Con lead" }) as object,
      leadId: lead.id,
      status: "viewed",
    },
  });
  // A proposal naming the address as its contact, with no lead.
  const unlinked = await db.proposal.create({
    data: {
      token: `export-${tag}-b`,
      data: proposalData({
        title: "Sin lead",
        client: {
          name: "ACME",
          industry: "",
          country: "",
          contactEmail: address.toUpperCase(),
          contactId: "",
          logoUrl: "",
        },
      }) as object,
      status: "viewed",
    },
  });
  for (const proposal of [linked, unlinked])
    await db.proposalEvent.create({
      data: {
        proposalId: proposal.id,
        type: "viewed",
        ipAddress: viewer,
        userAgent: `ExportBrowser/${tag}`,
      },
    });
  await db.heldLeadSubmission.create({
    data: {
      submissionId: `export-held-${tag}`,
      bodyHash: `export-held-${tag}`,
      email: address,
      payload: { name: "Persona Export", message: "Retenido" },
      clientAddress: viewer,
      userAgent: `ExportBrowser/${tag}`,
    },
  });

  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/privacy-export.ts", "--email", address],
    { env: { ...process.env, DATABASE_URL: testDatabaseUrl() }, encoding: "utf8" },
  );
  const exported = JSON.parse(output);
  expect(exported.held_submissions).toMatchObject([
    {
      email: address,
      payload: { message: "Retenido" },
      clientAddress: viewer,
      userAgent: `ExportBrowser/${tag}`,
    },
  ]);
  expect(exported.other_proposals.map((p: { id: string }) => p.id)).toEqual([unlinked.id]);
  expect(
    exported.proposal_views
      .map((v: { proposal_id: string; ip_address: string; user_agent: string }) => [
        v.proposal_id,
        v.ip_address,
        v.user_agent,
      ])
      .sort(),
  ).toEqual(
    [
      [linked.id, viewer, `ExportBrowser/${tag}`],
      [unlinked.id, viewer, `ExportBrowser/${tag}`],
    ].sort(),
  );
});

// Every proposal PDF, read by tools no one here wrote (poppler's pdftotext and pdfinfo, qpdf): the unsigned
// downloads of a client link, a stored proposal and the samples, and the sealed PDF, in each language.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as linkPdf } from "@/app/api/ai/proposals/[token]/proposal.pdf/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as sealedPdf } from "@/app/api/ai/proposals/[token]/signed.pdf/route";
import { GET as staffPdf } from "@/app/api/crm/proposals/[id]/proposal.pdf/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as withdrawProposal } from "@/app/api/crm/proposals/[id]/withdraw/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { GET as samplePdf } from "@/app/api/proposals/samples/[file]/route";
import type { ProposalData, ProposalLang } from "@/lib/proposals/proposal.schema";
import { SANTO_DOMINGO_MOTORS, SANTO_DOMINGO_MOTORS_MVP } from "@/lib/proposals/sample-proposals";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { testDb } from "../../support/factories";
import { callRoute, TEST_ORIGIN } from "../../support/http";
import { signaturePng } from "../../support/signature-png";
import { staffCookie } from "../../support/staff";

const CATALOGUES = { es, en } as const;
const work = mkdtempSync(path.join(tmpdir(), "proposal-pdf-"));
let cookie: string;

beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
});

type Handler = typeof linkPdf;
async function download(
  handler: Handler,
  url: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await handler(new NextRequest(new URL(url, TEST_ORIGIN), { headers }), {
    params: Promise.resolve(params),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

function fileOf(bytes: Uint8Array): string {
  const file = path.join(work, `${createHash("sha1").update(bytes).digest("hex")}.pdf`);
  writeFileSync(file, bytes);
  return file;
}
/** pdftotext in content order (-raw keeps a table cell's wrapped lines together), whitespace folded. */
const textOf = (bytes: Uint8Array) =>
  execFileSync("pdftotext", ["-raw", fileOf(bytes), "-"])
    .toString()
    .replace(/\s+/g, " ");
const infoOf = (bytes: Uint8Array) => {
  const file = fileOf(bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())![1]);
  return execFileSync("pdfinfo", ["-f", "1", "-l", String(pages), file]).toString();
};
const fold = (text: string) => text.replace(/\s+/g, " ").trim();

/** The catalogue strings the PDF prints (placeholders cut off), by key. */
function labelsOf(lang: ProposalLang): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === "string") {
      const literal = value.split("{")[0]!.trim();
      if (literal.length >= 4) labels.set(prefix, literal);
    } else if (value && typeof value === "object")
      for (const [key, child] of Object.entries(value)) walk(`${prefix}.${key}`, child);
  };
  const { Proposal, ProposalCertificate } = CATALOGUES[lang];
  for (const part of ["sections", "table", "investment", "pdf"] as const)
    walk(`Proposal.${part}`, Proposal[part]);
  walk("Proposal.signature", {
    intro: Proposal.signature.intro,
    fullName: Proposal.signature.fullName,
    role: Proposal.signature.role,
    company: Proposal.signature.company,
  });
  walk("ProposalCertificate", ProposalCertificate);
  return labels;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Checks a proposal PDF against the data it renders: the structure, every heading, cell and total, one language. */
function expectProposalPdf(bytes: Uint8Array, data: ProposalData) {
  const lang = data.lang;
  const info = infoOf(bytes);
  expect(info).toMatch(new RegExp(`Title:\\s+${escape(data.title)}`));
  expect(info).toMatch(/Author:\s+\S/);
  expect(info).toMatch(/Tagged:\s+yes/);
  const sizes = [...info.matchAll(/Page\s+\d+ size:\s+(.+)/g)].map((m) => m[1]!.trim());
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) expect(size).toBe("595.28 x 841.89 pts (A4)");
  const check = spawnSync("qpdf", ["--check", fileOf(bytes)]);
  expect(check.status, check.stdout.toString()).toBe(0);

  const text = textOf(bytes);
  const t = CATALOGUES[lang].Proposal;
  const has = (value: string) => expect(text).toContain(fold(value));
  has(data.title);
  has(data.client.name);
  if (data.kpis.length) has(t.sections.kpis);
  data.kpis.forEach(has);
  const tableRows = (rows: ProposalData["comparison"], column: "agent" | "mvp") => {
    has(`${t.table.metric} ${t.table.baseline} ${t.table[column]} ${t.table.delta}`);
    for (const row of rows) has(`${row.metric} ${row.baseline} ${row[column] ?? ""} ${row.delta}`);
  };
  if (data.comparison.length) {
    has(t.sections.comparison);
    tableRows(data.comparison, "agent");
  }
  if (data.mvp) {
    has(t.sections.mvp);
    if (data.mvp.timeline.length) has(t.sections.mvpTimeline);
    data.mvp.timeline.forEach((step) => has(`${step.t} ${step.d}`));
    if (data.mvp.scope.length) has(t.sections.mvpScope);
    data.mvp.scope.forEach(has);
    if (data.mvp.comparison.length) {
      has(t.sections.mvpComparison);
      tableRows(data.mvp.comparison, "mvp");
    }
  }
  const { investment } = data;
  has(t.sections.investment);
  const money = (amount: string) => `${investment.currency} ${amount}`;
  if (investment.items.length) has(`${t.investment.initial} ${t.table.concept} ${t.table.amount}`);
  for (const item of [...investment.items, ...investment.monthly])
    has(`${item.label} ${money(item.amount)}`);
  // The total with its label, never a lone amount.
  if (investment.subtotal) has(`${t.investment.subtotal} ${money(investment.subtotal)}`);
  if (investment.monthly.length) has(t.investment.monthly);
  investment.notes.forEach(has);
  if (investment.totalNotice) has(investment.totalNotice);
  if (data.timeline.length) has(t.sections.timeline);
  for (const phase of data.timeline) {
    has(`${phase.phase} · ${phase.duration}`);
    phase.activities.forEach(has);
  }
  if (data.terms.length) has(t.sections.terms);
  data.terms.forEach((term, index) => has(`${index + 1}. ${term}`));
  if (data.legend.length) has(`${t.sections.legend} ${t.table.acronym} ${t.table.meaning}`);
  for (const entry of data.legend) has(`${entry.a} ${entry.d}`);
  has(t.sections.signature);

  // In that language only: no label of the other language's catalogue.
  const mine = labelsOf(lang);
  const other = labelsOf(lang === "es" ? "en" : "es");
  for (const [key, label] of other) {
    if (mine.get(key) === label || [...mine.values()].includes(label)) continue;
    expect(text, `${key} "${label}" of the other language`).not.toMatch(
      new RegExp(`(^|[^\\p{L}])${escape(label)}($|[^\\p{L}])`, "u"),
    );
  }
  return text;
}

const bilingual = {
  data: SANTO_DOMINGO_MOTORS.es,
  translations: { en: SANTO_DOMINGO_MOTORS.en },
};

async function createShared(body: object = bilingual) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body,
    cookie,
  });
  expect(created.status).toBe(201);
  const { id, token } = created.json as { id: string; token: string };
  await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
  return { id, token };
}

const linkUrl = (token: string, lang?: string) =>
  `/api/ai/proposals/${token}/proposal.pdf${lang ? `?lang=${lang}` : ""}`;

describe("the unsigned PDFs", () => {
  it.each(["es", "en"] as const)(
    "a fixed sample in %s: every heading, table cell and total with its label, tagged A4, one language",
    async (lang) => {
      for (const [file, sample] of [
        ["santo-domingo-motors.pdf", SANTO_DOMINGO_MOTORS],
        ["santo-domingo-motors-mvp.pdf", SANTO_DOMINGO_MOTORS_MVP],
      ] as const) {
        const pdf = await download(samplePdf, `/api/proposals/samples/${file}?lang=${lang}`, {
          file,
        });
        expect(pdf.status).toBe(200);
        expect(pdf.type).toBe("application/pdf");
        expect(pdf.disposition).toContain("filename*=UTF-8''Santo%20Domingo%20Motors");
        const text = expectProposalPdf(pdf.bytes, sample[lang]);
        // An unsigned copy offers lines to accept it by hand.
        expect(text).toContain(CATALOGUES[lang].Proposal.pdf.signatureLine);
      }
    },
  );

  it("a sample answers 404 for an unknown name and 400 for a language we do not write", async () => {
    const unknown = await download(samplePdf, "/api/proposals/samples/acme.pdf", {
      file: "acme.pdf",
    });
    expect(unknown.status).toBe(404);
    const badLang = await download(
      samplePdf,
      "/api/proposals/samples/santo-domingo-motors.pdf?lang=fr",
      { file: "santo-domingo-motors.pdf" },
    );
    expect(badLang.status).toBe(400);
  });

  it.each(["es", "en"] as const)(
    "a client link in %s: what the client sees, with the validity line",
    async (lang) => {
      const { token } = await createShared();
      const pdf = await download(linkPdf, linkUrl(token, lang), { token });
      expect(pdf.status).toBe(200);
      const text = expectProposalPdf(pdf.bytes, SANTO_DOMINGO_MOTORS[lang]);
      expect(text).toContain(CATALOGUES[lang].Proposal.validFor.split("{")[0]!.trim());
    },
  );

  it("a proposal without a client name or title downloads under that language's word for client", async () => {
    const unnamed = (lang: ProposalLang): ProposalData => ({
      ...SANTO_DOMINGO_MOTORS[lang],
      title: "",
      client: { ...SANTO_DOMINGO_MOTORS[lang].client, name: "" },
    });
    const { token } = await createShared({
      data: unnamed("es"),
      translations: { en: unnamed("en") },
    });
    const spanish = await download(linkPdf, linkUrl(token, "es"), { token });
    const english = await download(linkPdf, linkUrl(token, "en"), { token });
    expect(spanish.disposition).toContain("filename*=UTF-8''Cliente%20-%20");
    expect(english.disposition).toContain("filename*=UTF-8''Client%20-%20");
  });

  it("a client link refuses what the link refuses: unknown and withdrawn 404, a bad lang 400, expired says so", async () => {
    const random = randomBytes(32).toString("base64url");
    expect((await download(linkPdf, linkUrl(random), { token: random })).status).toBe(404);
    expect((await download(linkPdf, linkUrl("nope"), { token: "nope" })).status).toBe(404);
    const { id, token } = await createShared();
    expect((await download(linkPdf, linkUrl(token, "de"), { token })).status).toBe(400);

    await testDb().proposal.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() - 24 * 60 * 60 * 1000) },
    });
    const expired = await download(linkPdf, linkUrl(token, "en"), { token });
    expect(expired.status).toBe(200);
    expect(textOf(expired.bytes)).toContain("This proposal expired on");

    const other = await createShared();
    await callRoute(withdrawProposal, {
      method: "POST",
      path: `/api/crm/proposals/${other.id}/withdraw`,
      params: { id: other.id },
      cookie,
    });
    expect((await download(linkPdf, linkUrl(other.token), { token: other.token })).status).toBe(
      404,
    );
    // A draft was never shared: the same 404 for a visitor.
    const draft = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: bilingual,
      cookie,
    });
    const draftToken = draft.json.token as string;
    expect((await download(linkPdf, linkUrl(draftToken), { token: draftToken })).status).toBe(404);
  });

  it.each(["es", "en"] as const)("a stored proposal for staff in %s", async (lang) => {
    const { id } = await createShared();
    const pdf = await download(
      staffPdf,
      `/api/crm/proposals/${id}/proposal.pdf?lang=${lang}`,
      { id },
      { cookie },
    );
    expect(pdf.status).toBe(200);
    expectProposalPdf(pdf.bytes, SANTO_DOMINGO_MOTORS[lang]);
  });

  it("the staff PDF needs a session (401), a known id (404) and a language we write (400)", async () => {
    const { id } = await createShared();
    const url = `/api/crm/proposals/${id}/proposal.pdf`;
    expect((await download(staffPdf, url, { id })).status).toBe(401);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await download(
          staffPdf,
          `/api/crm/proposals/${missing}/proposal.pdf`,
          { id: missing },
          { cookie },
        )
      ).status,
    ).toBe(404);
    expect((await download(staffPdf, `${url}?lang=xx`, { id }, { cookie })).status).toBe(400);
  });
});

describe("the sealed PDF", () => {
  it.each(["es", "en"] as const)(
    "signed in %s: the proposal as the page shows it, then a certificate in that language with localized events and zoned dates",
    async (lang) => {
      const { id, token } = await createShared();
      const signed = await callRoute(sign, {
        method: "POST",
        path: `/api/ai/proposals/${token}/signature`,
        params: { token },
        body: {
          full_name: "Ana Pérez",
          role: "Directora comercial",
          company: "Santo Domingo Motors",
          date: "2026-11-23",
          image: signaturePng(),
          version: 1,
          lang,
        },
        headers: { "x-forwarded-for": "203.0.113.9", "user-agent": "ClientBrowser/3.0" },
      });
      expect(signed.status).toBe(201);
      const sealed = await download(sealedPdf, `/api/ai/proposals/${token}/signed.pdf`, {
        token,
      });
      expect(sealed.status).toBe(200);
      // The link's "Download PDF" answers with the same sealed file once signed.
      const viaLink = await download(linkPdf, linkUrl(token, lang), { token });
      expect(Buffer.from(viaLink.bytes).equals(Buffer.from(sealed.bytes))).toBe(true);

      const text = expectProposalPdf(sealed.bytes, SANTO_DOMINGO_MOTORS[lang]);
      const c = CATALOGUES[lang].ProposalCertificate;
      for (const value of [
        c.title,
        `${c.documentId} ${id}`,
        `${c.version} 1`,
        `${c.language} ${c.languageName[lang]}`,
        `${c.signer} Ana Pérez`,
        `${c.role} Directora comercial`,
        `${c.company} Santo Domingo Motors`,
        `${c.ip} 203.0.113.9`,
        `${c.userAgent} ClientBrowser/3.0`,
        c.verifyTitle,
        c.audit,
        c.events.created,
        c.events.shared,
        c.events.signed,
      ])
        expect(text).toContain(value);
      // The content fingerprint the verify endpoint accepts (long values may wrap inside their cell).
      const hash = signed.json.signature.content_sha256 as string;
      expect(text.replace(/\s/g, "")).toContain(`${c.contentSha}${hash}`.replace(/\s/g, ""));
      expect(text).not.toContain("SHA-256 de las páginas");
      expect(text).not.toContain("document's pages");
      // The Spanish certificate names its events in Spanish, not by their stored English types.
      if (lang === "es") expect(text).not.toMatch(/\b(created|shared|signed)\b/);
      // Both instants carry their zone.
      expect(text).toMatch(new RegExp(`${escape(c.signedAtUtc)} .*? UTC`));
      const zoned = c.signedAtZone.replace("{zone}", "America/New_York").replace(/\s/g, "");
      expect(text.replace(/\s/g, "")).toContain(zoned);
      expect(text).toMatch(/GMT-5|EST/);
    },
  );
});

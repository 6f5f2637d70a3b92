import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDF } from "@libpdf/core";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as clientPdf } from "@/app/api/ai/proposals/[token]/signed.pdf/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as verify } from "@/app/api/proposals/verify/route";
import { db } from "@/lib/db";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { signingCertificate } from "@/lib/proposals/pdf-signature";
import { makeSelfSignedP12, signPdf } from "@/lib/proposals/pdf/seal-crypto";
import { contentSha256 } from "@/lib/proposals/content-hash";
import { site } from "@/lib/site";
import { callRoute, TEST_ORIGIN } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { proposalData } from "../../support/proposals";
import { signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie, uniqueAddress } from "../../support/staff";

let cookie: string;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
const work = mkdtempSync(path.join(tmpdir(), "pdf-signature-"));

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

function writeTemp(bytes: Uint8Array): string {
  const file = path.join(work, `${createHash("sha1").update(bytes).digest("hex")}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** Poppler's own verdict; the certificate is self-signed, so only the document part is asserted. */
function pdfsig(bytes: Uint8Array): string {
  const run = spawnSync("pdfsig", ["-nocert", writeTemp(bytes)], { encoding: "utf8" });
  return `${run.stdout}${run.stderr}`;
}

/** SHA-256 of the signing certificate, read out of the file by pdfsig and openssl alone. */
function signerFingerprint(bytes: Uint8Array): string {
  const file = writeTemp(bytes);
  execFileSync("pdfsig", ["-dump", file], { cwd: work });
  const certPem = execFileSync("openssl", [
    "pkcs7",
    "-inform",
    "DER",
    "-in",
    `${file}.sig0`,
    "-print_certs",
  ]).toString();
  const der = execFileSync("openssl", ["x509", "-outform", "DER"], { input: certPem });
  return createHash("sha256").update(der).digest("hex");
}

/** The file as rendered, before our signature's incremental update was appended. */
function withoutSignature(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString("latin1");
  const update = text.indexOf("/Type /Sig");
  expect(update).toBeGreaterThan(0);
  const end = text.lastIndexOf("%%EOF", update) + "%%EOF".length;
  return bytes.subarray(0, text[end] === "\n" ? end + 1 : end);
}

async function verifyHash(sha256: string) {
  return callRoute(verify, {
    method: "POST",
    path: "/api/proposals/verify",
    body: { sha256 },
    headers: { "x-forwarded-for": uniqueAddress() },
  });
}

async function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "doc.pdf");
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
  return { status: response.status, json: await response.json() };
}

async function signedProposal(title: string) {
  const data = proposalData({ title });
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: { data },
    cookie,
  });
  expect(created.status).toBe(201);
  const { token, id } = created.json as { token: string; id: string };
  await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
  const before = smtp.messages.length;
  const signed = await callRoute(sign, {
    method: "POST",
    path: `/api/ai/proposals/${token}/signature`,
    params: { token },
    body: {
      full_name: "Ana Pérez",
      role: "Directora comercial",
      company: "Autos Caribe",
      date: "2026-11-23",
      image: signaturePng(),
      version: 1,
      lang: "es",
    },
    headers: { "x-forwarded-for": "203.0.113.9", "user-agent": "ClientBrowser/3.0" },
  });
  expect(signed.status).toBe(201);
  await drainDueJobs();
  await smtp.waitFor(before + 2);
  const response = await clientPdf(
    new NextRequest(new URL(`/api/ai/proposals/${token}/signed.pdf`, TEST_ORIGIN)),
    { params: Promise.resolve({ token }) },
  );
  expect(response.status).toBe(200);
  return { id, token, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("the sealed PDF's PAdES signature", () => {
  let sealed: Uint8Array;
  let id: string;

  beforeAll(async () => {
    ({ bytes: sealed, id } = await signedProposal("Agente de voz firmado"));
  });

  it("is valid for poppler and covers the whole file; qpdf finds the file sound", () => {
    const report = pdfsig(sealed);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(report).toMatch(/Signing Hash Algorithm: SHA-256/);
    const check = spawnSync("qpdf", ["--check", writeTemp(sealed)], { encoding: "utf8" });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain("No syntax or stream encoding errors found");
  });

  it("is made with the kept certificate, whose subject names the brand and whose fingerprint the store publishes", async () => {
    const certificate = await signingCertificate();
    expect(certificate.source).toBe("self-signed");
    expect(certificate.subject).toMatch(/O=.+/);
    expect(signerFingerprint(sealed)).toBe(certificate.fingerprintSha256);
    expect(pdfsig(sealed)).toContain(
      `Signer Certificate Common Name: ${certificate.subject.split(",")[0]!.slice(3)}`,
    );
    const row = await db.signingCertificate.findMany();
    expect(row).toHaveLength(1);
  });

  it("one changed byte inside the signed range makes it invalid", () => {
    const changed = Buffer.from(sealed);
    // Inside the first range (the rendered document), far from the signature's /Contents.
    const at = 200;
    changed[at] = changed[at]! ^ 0x01;
    const report = pdfsig(changed);
    expect(report).not.toContain("Signature is Valid");
  });

  it("an incremental update appended after signing is reported as not covering the whole document", async () => {
    const pdf = await PDF.load(sealed);
    pdf.setTitle("Otro título");
    const appended = await pdf.save({ incremental: true });
    expect(Buffer.from(appended.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
    const report = pdfsig(appended);
    expect(report).not.toContain("Total document signed");
    expect(report).toContain("Not total document signed");
    expect((await upload(appended)).json).toEqual({ match: false });
  });

  it("the same content re-signed with another self-signed certificate is valid in form but not ours", async () => {
    const stranger = makeSelfSignedP12("Avanza AI", "x");
    const original = withoutSignature(sealed);
    expect(pdfsig(original)).toContain("does not contain any signatures");
    const resigned = await signPdf(original, {
      certificate: { ...stranger, password: "x", source: "self-signed" },
      signingTime: new Date(),
      reason: "copy",
    });
    expect(pdfsig(resigned)).toContain("Total document signed");
    expect(signerFingerprint(resigned)).toBe(stranger.fingerprintSha256);
    expect(stranger.fingerprintSha256).not.toBe((await signingCertificate()).fingerprintSha256);
    expect((await upload(resigned)).json).toEqual({ match: false });
  });

  it("verifies by the file, the file's SHA-256 and the content SHA-256, saying which matched", async () => {
    const byUpload = await upload(sealed);
    expect(byUpload.status).toBe(200);
    expect(byUpload.json).toMatchObject({
      match: true,
      kind: "file",
      title: "Agente de voz firmado",
      signer: "Ana Pérez (Autos Caribe)",
      time_zone: "America/New_York",
    });
    const fileHash = createHash("sha256").update(sealed).digest("hex");
    expect((await verifyHash(fileHash)).json).toEqual(byUpload.json);

    const stored = await db.proposalSignature.findUniqueOrThrow({ where: { proposalId: id } });
    expect(stored.pdfSha256).toBe(fileHash);
    const byContent = await verifyHash(stored.contentSha256.toUpperCase());
    expect(byContent.status).toBe(200);
    expect(byContent.json).toEqual({ ...byUpload.json, kind: "content" });
    // The content fingerprint the client was e-mailed is the one that verifies.
    const clientMail = smtp.messages.find(
      (m) => m.parsed.to && JSON.stringify(m.parsed.to).includes("compras@autos-caribe.example"),
    );
    expect(clientMail?.parsed.text).toContain(stored.contentSha256);
  });

  it("a content hash of a proposal we never signed, and bad input, do not match", async () => {
    expect(
      (await verifyHash(contentSha256(proposalData({ title: "Nunca firmada" })))).json,
    ).toEqual({
      match: false,
    });
    // Random: other test files store made-up signatures with simple hashes such as sixty-four zeros.
    expect((await verifyHash(randomBytes(32).toString("hex"))).json).toEqual({ match: false });
    for (const sha256 of ["abc", "z".repeat(64), "", 42])
      expect((await verifyHash(sha256 as string)).status).toBe(400);
  });
});

describe("the kept self-signed certificate", () => {
  it("is made once: instances asking together end with one certificate, and all sign with it", async () => {
    await db.signingCertificate.deleteMany();
    const together = await Promise.all([
      signingCertificate(),
      signingCertificate(),
      signingCertificate(),
    ]);
    expect(new Set(together.map((c) => c.fingerprintSha256)).size).toBe(1);
    expect(await db.signingCertificate.count()).toBe(1);
    expect(together[0]!.subject).toBe(`CN=${site.name} document seal, O=${site.name}`);
  });
});

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as clientPdf } from "@/app/api/ai/proposals/[token]/signed.pdf/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as staffPdf } from "@/app/api/crm/proposals/[id]/signed.pdf/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as verify } from "@/app/api/proposals/verify/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { callRoute, TEST_ORIGIN } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { signaturePng } from "../../support/signature-png";
import { startCaptureSmtp } from "../../support/smtp";
import { staffCookie, uniqueAddress } from "../../support/staff";

let cookie: string;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
const work = mkdtempSync(path.join(tmpdir(), "sealed-pdf-"));

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

async function binary(
  handler: typeof clientPdf,
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
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

async function upload(bytes: Uint8Array, name = "doc.pdf") {
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), name);
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const response = await verify(
    new NextRequest(new URL("/api/proposals/verify", TEST_ORIGIN), {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type")!,
        "x-forwarded-for": uniqueAddress(),
      },
      body,
    }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: await response.json() };
}

const pdfText = (bytes: Uint8Array, page?: number) => {
  const file = path.join(work, `${createHash("sha1").update(bytes).digest("hex")}.pdf`);
  writeFileSync(file, bytes);
  const range = page ? ["-f", String(page), "-l", String(page)] : [];
  return execFileSync("pdftotext", [...range, "-layout", file, "-"]).toString();
};
const pdfInfo = (bytes: Uint8Array) => {
  const file = path.join(work, "info.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdfinfo", [file]).toString();
};

describe("the sealed signed PDF", () => {
  let token: string;
  let id: string;
  let sealed: Uint8Array;

  beforeAll(async () => {
    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      body: {
        data: {
          lang: "es",
          title: "Agente de voz para ventas",
          client: { name: "Autos Caribe", contactEmail: "compras@autos-caribe.example" },
          kpis: ["Responder cada lead en menos de 1 minuto"],
          investment: {
            currency: "USD",
            items: [{ label: "Implementación", amount: "24,000" }],
            subtotal: "24,000",
          },
          timeline: [
            { phase: "Descubrimiento", duration: "2 semanas", activities: ["Entrevistas"] },
          ],
          terms: ["Validez de 30 días"],
        },
      },
      cookie,
    });
    token = created.json.token;
    id = created.json.id;
    expect(
      (await binary(clientPdf, `/api/ai/proposals/${token}/signed.pdf`, { token })).status,
    ).toBe(404);
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
    const download = await binary(clientPdf, `/api/ai/proposals/${token}/signed.pdf`, { token });
    expect(download.status).toBe(200);
    expect(download.type).toBe("application/pdf");
    sealed = download.bytes;
  });

  it("opens in poppler as A4 with the content's text intact and the certificate as the last page", () => {
    const info = pdfInfo(sealed);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    const all = pdfText(sealed);
    expect(all).toContain("Agente de voz para ventas");
    // The investment is a table: each line's label beside its amount, the subtotal with its label.
    expect(all).toMatch(/Implementación\s+USD 24,000/);
    expect(all).toMatch(/Subtotal\s+USD 24,000/);
    expect(all).toContain("Descubrimiento · 2 semanas");
    const last = pdfText(sealed, pages);
    expect(last).toContain("Certificado de finalización");
    for (const text of [
      "Ana Pérez",
      "Directora comercial",
      "Autos Caribe",
      id,
      "203.0.113.9",
      "ClientBrowser/3.0",
      "Propuesta creada",
      "Enlace compartido",
      "Firmada por el cliente",
    ])
      expect(last).toContain(text);
    expect(last).toMatch(/Firmado el \(UTC\)\s+\d{1,2} de \w+ de \d{4} a las [\d:]+ UTC/);
    expect(last).toMatch(/SHA-256 del contenido[\s\S]{0,40}?\b[0-9a-f]{64}\b/);
    // No printed fingerprint that cannot verify.
    expect(last).not.toContain("SHA-256 de las páginas");
  });

  it("is attached to the confirmation e-mails to client and staff", () => {
    // The two signed copies (client and team); the team's "opened" alert carries no PDF.
    const signedMails = smtp.messages.filter(
      (m) =>
        m.parsed.subject?.includes("Agente de voz para ventas") &&
        m.parsed.subject.includes("firm"),
    );
    expect(signedMails.length).toBeGreaterThanOrEqual(2);
    for (const mail of signedMails) {
      const attachment = mail.parsed.attachments.find((a) => a.contentType === "application/pdf");
      expect(attachment).toBeDefined();
      expect(Buffer.from(attachment!.content).equals(Buffer.from(sealed))).toBe(true);
    }
  });

  it("staff download the same file from the CRM; 401 without a session", async () => {
    const staff = await binary(staffPdf, `/api/crm/proposals/${id}/signed.pdf`, { id }, { cookie });
    expect(staff.status).toBe(200);
    expect(Buffer.from(staff.bytes).equals(Buffer.from(sealed))).toBe(true);
    expect((await binary(staffPdf, `/api/crm/proposals/${id}/signed.pdf`, { id })).status).toBe(
      401,
    );
  });

  it("verifies by upload and by hash; a modified copy or a PDF we never sealed does not match", async () => {
    const byUpload = await upload(sealed);
    expect(byUpload.status).toBe(200);
    expect(byUpload.json).toMatchObject({
      match: true,
      title: "Agente de voz para ventas",
      signer: "Ana Pérez (Autos Caribe)",
    });
    expect(Date.parse(byUpload.json.signed_at)).not.toBeNaN();
    const sha256 = createHash("sha256").update(sealed).digest("hex");
    const byHash = await callRoute(verify, {
      method: "POST",
      path: "/api/proposals/verify",
      body: { sha256: sha256.toUpperCase() },
    });
    expect(byHash.json).toEqual(byUpload.json);
    const modified = Buffer.from(sealed);
    const middle = Math.floor(modified.length / 2);
    modified[middle] = modified[middle]! ^ 0x01;
    expect((await upload(modified)).json).toEqual({ match: false });
    const unsealed = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    expect((await upload(unsealed)).json).toEqual({ match: false });
  });

  it("refuses a non-PDF upload and a non-hex hash with 400, a 20 MB upload with 413", async () => {
    const notPdf = await upload(Buffer.from("GIF89a definitely not a pdf"), "x.gif");
    expect(notPdf.status).toBe(400);
    expect(notPdf.json.error.fields.file).toBeDefined();
    const notHex = await callRoute(verify, {
      method: "POST",
      path: "/api/proposals/verify",
      body: { sha256: "z".repeat(64) },
    });
    expect(notHex.status).toBe(400);
    const short = await callRoute(verify, {
      method: "POST",
      path: "/api/proposals/verify",
      body: { sha256: "abc" },
    });
    expect(short.status).toBe(400);
    const huge = await upload(
      Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(20 * 1024 * 1024)]),
    );
    expect(huge.status).toBe(413);
  });
});

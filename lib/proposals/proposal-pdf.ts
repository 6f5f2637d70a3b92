import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { createTranslator } from "next-intl";
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { clientNameOf, type ProposalData, type ProposalLang } from "./proposal.schema";

// The sealed PDF: the signed version as text pages, then a completion certificate as the last page.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.11, 0.13);
const MUTED = rgb(0.37, 0.41, 0.45);

// DejaVu covers every Spanish and English character and ships as TTF in an npm package, so
// rendering never needs the network.
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
let fontFiles: Promise<[Buffer, Buffer]> | undefined;
const loadFonts = () =>
  (fontFiles ??= Promise.all([
    readFile(path.join(FONT_DIR, "DejaVuSans.ttf")),
    readFile(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")),
  ]));

const CATALOGUES = {
  es: { Proposal: es.Proposal, ProposalCertificate: es.ProposalCertificate },
  en: { Proposal: en.Proposal, ProposalCertificate: en.ProposalCertificate },
} as const;

export interface AuditLine {
  type: string;
  at: Date;
  actor: string | null;
  ipAddress: string | null;
}

export interface SealInput {
  proposalId: string;
  version: number;
  data: ProposalData;
  lang: ProposalLang;
  brand: string;
  signer: { fullName: string; role: string; company: string; signedDate: string };
  signatureImage: Uint8Array;
  signedAt: Date;
  timeZone: string;
  ipAddress: string | null;
  userAgent: string | null;
  contentSha256: string;
  audit: AuditLine[];
  verifyUrl: string;
}

export interface SealedPdf {
  bytes: Uint8Array;
  sha256: string;
}

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Lays out wrapped text top-down, adding A4 pages as they fill. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Splits text into lines that fit, breaking long unbroken runs (hashes, user agents) too. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = "";
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, { size = 10, isBold = false, color = INK, indent = 0, gap = 4 } = {}) {
    const font = isBold ? this.bold : this.regular;
    const lineHeight = size * 1.35;
    for (const line of this.wrap(text, font, size, A4[0] - 2 * MARGIN - indent)) {
      this.ensure(lineHeight);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color });
      this.y -= lineHeight;
    }
    this.y -= gap;
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 8;
    this.text(text, { size: 13, isBold: true, gap: 6 });
  }

  field(label: string, value: string) {
    this.text(label, { size: 8, color: MUTED, gap: 0 });
    this.text(value, { size: 10, gap: 6 });
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number) {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 8);
    this.page.drawImage(image, { x: MARGIN, y: this.y - height, width, height });
    this.y -= height + 8;
  }
}

async function newDocument(title: string, brand: string, lang: ProposalLang) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await loadFonts();
  const regular = await doc.embedFont(regularBytes, { subset: true });
  const bold = await doc.embedFont(boldBytes, { subset: true });
  doc.setTitle(title);
  doc.setAuthor(brand);
  doc.setProducer(brand);
  doc.setLanguage(lang);
  return { doc, regular, bold };
}

/** The signed version's content, every section as text, ending with the drawn signature. */
function writeProposal(w: Writer, input: SealInput) {
  const { data } = input;
  const t = createTranslator({
    locale: input.lang,
    messages: CATALOGUES[input.lang],
    namespace: "Proposal",
  });
  const tc = createTranslator({
    locale: input.lang,
    messages: CATALOGUES[input.lang],
    namespace: "ProposalCertificate",
  });
  w.text(t("documentLabel"), { size: 9, color: MUTED, gap: 2 });
  w.text(data.title || clientNameOf(data), { size: 20, isBold: true, gap: 6 });
  w.text(`${t("preparedFor")}: ${clientNameOf(data)}`, { size: 11 });
  w.text(t("preparedBy", { brand: input.brand }), { size: 9, color: MUTED, gap: 10 });
  const list = (items: string[]) => items.forEach((item) => w.text(`• ${item}`, { indent: 8 }));
  if (data.kpis.length) {
    w.heading(t("sections.kpis"));
    list(data.kpis);
  }
  if (data.comparison.length) {
    w.heading(t("sections.comparison"));
    list(
      data.comparison.map((row) =>
        [row.metric, row.baseline, row.agent ?? row.mvp ?? "", row.delta]
          .filter(Boolean)
          .join(" · "),
      ),
    );
  }
  const { investment } = data;
  if (investment.items.length || investment.subtotal || investment.monthly.length) {
    w.heading(t("sections.investment"));
    list(investment.items.map((item) => `${item.label}: ${investment.currency} ${item.amount}`));
    if (investment.subtotal)
      w.text(`${investment.currency} ${investment.subtotal}`, { isBold: true });
    list(investment.monthly.map((item) => `${item.label}: ${investment.currency} ${item.amount}`));
    list(investment.notes);
    if (investment.totalNotice) w.text(investment.totalNotice, { size: 9, color: MUTED });
  }
  if (data.timeline.length) {
    w.heading(t("sections.timeline"));
    for (const phase of data.timeline) {
      w.text(`${phase.phase} — ${phase.duration}`, { isBold: true, gap: 2 });
      list(phase.activities);
    }
  }
  if (data.mvp) {
    w.heading(t("sections.mvp"));
    list(data.mvp.timeline.map((step) => `${step.t}: ${step.d}`));
    list(data.mvp.scope);
  }
  if (data.terms.length) {
    w.heading(t("sections.terms"));
    list(data.terms);
  }
  if (data.legend.length) {
    w.heading(t("sections.legend"));
    list(data.legend.map((entry) => `${entry.a}: ${entry.d}`));
  }
  w.heading(t("sections.signature"));
  return { t, tc };
}

function formatInstant(date: Date, lang: ProposalLang, timeZone: string) {
  return new Intl.DateTimeFormat(lang, {
    dateStyle: "long",
    timeStyle: "long",
    timeZone,
  }).format(date);
}

/**
 * Renders the signed version and seals it: the document pages are rendered and hashed first, then the
 * completion certificate (which prints that hash and the audit trail) is appended as the last page.
 * The returned SHA-256 is of the whole file, which is what verification looks up.
 */
export async function renderSealedPdf(input: SealInput): Promise<SealedPdf> {
  const title = input.data.title || clientNameOf(input.data);
  const { doc, regular, bold } = await newDocument(title, input.brand, input.lang);
  const w = new Writer(doc, regular, bold);
  const { tc } = writeProposal(w, input);
  const signatureImage = await doc.embedPng(input.signatureImage);
  w.image(signatureImage, 220, 90);
  w.text(
    tc("signedBy", {
      name: input.signer.fullName,
      role: input.signer.role,
      company: input.signer.company,
    }),
    { isBold: true, gap: 2 },
  );
  w.text(input.signer.signedDate, { size: 9, color: MUTED });
  const documentBytes = await doc.save({ useObjectStreams: false });
  const documentPages = doc.getPageCount();

  const sealed = await PDFDocument.load(documentBytes);
  sealed.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await loadFonts();
  const c = new Writer(
    sealed,
    await sealed.embedFont(regularBytes, { subset: true }),
    await sealed.embedFont(boldBytes, { subset: true }),
  );
  const unknown = tc("unknown");
  c.text(tc("title"), { size: 18, isBold: true, gap: 6 });
  c.text(tc("intro", { verifyUrl: input.verifyUrl }), { size: 9, color: MUTED, gap: 10 });
  c.field(tc("document"), title);
  c.field(tc("documentId"), input.proposalId);
  c.field(tc("version"), String(input.version));
  c.field(tc("language"), input.lang);
  c.field(tc("signer"), input.signer.fullName);
  c.field(tc("role"), input.signer.role);
  c.field(tc("company"), input.signer.company);
  c.field(tc("signedDate"), input.signer.signedDate);
  c.field(tc("signedAtUtc"), input.signedAt.toISOString());
  c.field(
    tc("signedAtZone", { zone: input.timeZone }),
    formatInstant(input.signedAt, input.lang, input.timeZone),
  );
  c.field(tc("ip"), input.ipAddress ?? unknown);
  c.field(tc("userAgent"), input.userAgent ?? unknown);
  c.field(tc("contentSha"), input.contentSha256);
  c.field(tc("documentPdfSha", { pages: documentPages }), sha256Of(documentBytes));
  c.text(tc("sealNote"), { size: 8, color: MUTED, gap: 8 });
  c.heading(tc("audit"));
  for (const line of input.audit)
    c.text(
      [line.at.toISOString(), line.type, line.actor, line.ipAddress].filter(Boolean).join(" · "),
      { size: 8, gap: 1 },
    );
  const bytes = await sealed.save({ useObjectStreams: false });
  return { bytes, sha256: sha256Of(bytes) };
}

import "server-only";
import { createHash } from "node:crypto";
import type { ProposalData, ProposalLang } from "./proposal.schema";
import {
  certificateTranslator,
  proposalTitleOf,
  proposalTranslator,
  writeBlankSignature,
  writeProposalBody,
} from "./pdf/proposal-body";
import { COLORS, TaggedPdf } from "./pdf/tagged-pdf";

// Every proposal PDF comes from here: the unsigned copy of any proposal page, and the sealed PDF (the
// signed version, then a completion certificate as its last page). docs/decisions/011-proposal-pdf.md.

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

function newProposalPdf(data: ProposalData, lang: ProposalLang, brand: string) {
  const title = proposalTitleOf(data, proposalTranslator(lang));
  return {
    title,
    pdf: new TaggedPdf({
      title,
      author: brand,
      lang,
      subject: proposalTranslator(lang)("documentLabel"),
    }),
  };
}

const furniture = (lang: ProposalLang, brand: string, title: string) => ({
  header: brand,
  footer: (page: number, pages: number) =>
    proposalTranslator(lang)("pdf.page", { title, page, pages }),
});

/** The unsigned PDF of a proposal in one language, with blank lines to accept it by hand. */
export async function renderProposalPdf(
  data: ProposalData,
  { lang, brand, notice }: { lang: ProposalLang; brand: string; notice?: string },
): Promise<Uint8Array> {
  const { pdf, title } = newProposalPdf(data, lang, brand);
  const article = writeProposalBody(pdf, data, { brand, lang });
  writeBlankSignature(pdf, article, { lang, brand, notice });
  article.end();
  return pdf.finish(furniture(lang, brand, title));
}

/** "26 de noviembre de 2026, 9:01:05 GMT-5": a date always carries its zone. */
function formatInstant(date: Date, lang: ProposalLang, timeZone: string) {
  return new Intl.DateTimeFormat(lang, {
    dateStyle: "long",
    timeStyle: "long",
    timeZone,
  }).format(date);
}

/**
 * Renders the signed version with its signature, then the completion certificate, in the language it
 * was signed in. The returned SHA-256 is of the whole file.
 */
export async function renderSealedPdf(input: SealInput): Promise<SealedPdf> {
  const { lang, brand } = input;
  const t = proposalTranslator(lang);
  const tc = certificateTranslator(lang);
  const { pdf, title } = newProposalPdf(input.data, lang, brand);
  const article = writeProposalBody(pdf, input.data, { brand, lang });

  const signature = pdf.group("Sect", article);
  pdf.heading(2, t("sections.signature"), signature);
  pdf.image(input.signatureImage, signature, {
    alt: t("signature.imageAlt", { name: input.signer.fullName }),
    maxWidth: 220,
    maxHeight: 90,
  });
  pdf.paragraph(
    tc("signedBy", {
      name: input.signer.fullName,
      role: input.signer.role,
      company: input.signer.company,
    }),
    signature,
    { isBold: true, gap: 2 },
  );
  pdf.paragraph(input.signer.signedDate, signature, { size: 9, color: COLORS.muted });
  signature.end();
  article.end();

  pdf.newPage();
  const certificate = pdf.group("Sect");
  pdf.heading(1, tc("title"), certificate);
  pdf.paragraph(tc("intro"), certificate, { size: 9, color: COLORS.muted, gap: 8 });
  const unknown = tc("unknown");
  pdf.table(
    {
      head: [tc("field"), tc("value")],
      rows: [
        [tc("document"), title],
        [tc("documentId"), input.proposalId],
        [tc("version"), String(input.version)],
        [tc("language"), tc(`languageName.${lang}`)],
        [tc("signer"), input.signer.fullName],
        [tc("role"), input.signer.role],
        [tc("company"), input.signer.company],
        [tc("signedDate"), input.signer.signedDate],
        [tc("signedAtUtc"), formatInstant(input.signedAt, lang, "UTC")],
        [
          tc("signedAtZone", { zone: input.timeZone }),
          formatInstant(input.signedAt, lang, input.timeZone),
        ],
        [tc("ip"), input.ipAddress ?? unknown],
        [tc("userAgent"), input.userAgent ?? unknown],
        [tc("contentSha"), input.contentSha256],
      ],
      hasRowHeaders: true,
      widths: [128, "*"],
      fontSize: 8.5,
    },
    certificate,
  );
  pdf.paragraph(tc("contentShaNote"), certificate, { size: 8, color: COLORS.muted, gap: 6 });

  pdf.heading(2, tc("verifyTitle"), certificate);
  pdf.list(
    [tc("verifyReader", { brand }), tc("verifyOnline", { verifyUrl: input.verifyUrl })],
    certificate,
  );

  pdf.heading(2, tc("audit"), certificate);
  pdf.paragraph(tc("auditIntro", { zone: input.timeZone }), certificate, {
    size: 8,
    color: COLORS.muted,
  });
  // Event types are stored in English for the business; the certificate names them in the signer's language.
  const eventName = (type: string) => {
    const key = `events.${type}` as "events.signed";
    return tc.has(key) ? tc(key) : tc("events.other", { type });
  };
  pdf.table(
    {
      head: [tc("auditWhen"), tc("auditEvent"), tc("auditActor"), tc("auditIp")],
      rows: input.audit.map((line) => [
        formatInstant(line.at, lang, input.timeZone),
        eventName(line.type),
        line.actor ?? tc("system"),
        line.ipAddress ?? unknown,
      ]),
      widths: [150, "*", "*", 90],
      fontSize: 8,
    },
    certificate,
  );
  certificate.end();

  const bytes = await pdf.finish(furniture(lang, brand, title));
  return { bytes, sha256: sha256Of(bytes) };
}

import "server-only";
import { AppError } from "@/lib/http/app-error";
import { serverEnv } from "@/lib/env";
import { site } from "@/lib/site";
import { clientNameOf } from "./client-name";
import { proposalTranslator } from "./pdf/proposal-body";
import { dataOf, documentsOf, isPastExpiry } from "./proposal-dto";
import { findOpenByToken, getSealedPdfByToken } from "./proposal-link.service";
import { inPdfWorker } from "./pdf/pdf-worker-pool";
import { getProposal } from "./proposal.service";
import type { ProposalData, ProposalLang, SamplePdfFile } from "./proposal.schema";
import { SANTO_DOMINGO_MOTORS, SANTO_DOMINGO_MOTORS_MVP } from "./sample-proposals";

// The "Download PDF" of every proposal page: rendered on the server by the one renderer (proposal-pdf.ts).

export interface PdfFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The fixed samples by the file name their download is served under. */
const SAMPLE_PDF_FILES: Record<SamplePdfFile, typeof SANTO_DOMINGO_MOTORS> = {
  "santo-domingo-motors.pdf": SANTO_DOMINGO_MOTORS,
  "santo-domingo-motors-mvp.pdf": SANTO_DOMINGO_MOTORS_MVP,
};

/** Named after the client, or after the document's own word for "client" when the author left it unnamed. */
const fileNameOf = (data: ProposalData) =>
  `${clientNameOf(data, proposalTranslator(data.lang)("unnamedClient"))} - ${site.name}.pdf`;

async function unsignedPdf(data: ProposalData, notice?: string): Promise<PdfFile> {
  return {
    bytes: await inPdfWorker({
      kind: "proposal",
      data,
      options: { lang: data.lang, brand: site.name, notice },
    }),
    fileName: fileNameOf(data),
  };
}

/**
 * The samples are public and change only with a deploy, so each file is rendered once per process and
 * kept: asking for it again costs no rendering, however often a stranger asks.
 */
const renderedSamples = new Map<string, Promise<PdfFile>>();

/** A fixed sample in the asked language (Spanish by default). */
export function renderSamplePdf(file: SamplePdfFile, lang: ProposalLang | undefined) {
  const key = `${file}:${lang ?? "es"}`;
  let rendered = renderedSamples.get(key);
  if (!rendered) {
    rendered = unsignedPdf(SAMPLE_PDF_FILES[file][lang ?? "es"]);
    renderedSamples.set(key, rendered);
    // A failed render is not kept: the next request tries again.
    rendered.catch(() => renderedSamples.delete(key));
  }
  return rendered;
}

/** A stored proposal as staff see it, in the asked language when it has one (else its own). */
export async function renderStoredProposalPdf(id: string, lang: ProposalLang | undefined) {
  const proposal = await getProposal(id);
  // The file would print the client's details, which the erasure removed from everything but the record.
  if (proposal.erased_at)
    throw new AppError(
      "gone",
      "The client's personal data was erased; there is no PDF to download.",
    );
  const data = (lang && proposal.translations[lang]) || proposal.data;
  return unsignedPdf(data);
}

const dateIn = (lang: ProposalLang, date: Date) =>
  new Intl.DateTimeFormat(lang, {
    dateStyle: "long",
    timeZone: serverEnv().ANALYTICS_TIME_ZONE,
  }).format(date);

/**
 * What the client sees on their link, as a PDF: the same 404/410 as the link itself, the signed file once
 * signed, else the unsigned document in the page's language with the validity line the page shows.
 */
export async function renderClientLinkPdf(
  token: string,
  lang: ProposalLang | undefined,
  { isStaffPreview }: { isStaffPreview: boolean },
): Promise<PdfFile> {
  const row = await findOpenByToken(token, lang ?? "es", { allowDraft: isStaffPreview });
  const documents = documentsOf(row);
  const data = (lang && documents[lang]) || dataOf(row);
  if (row.status === "signed")
    return {
      bytes: await getSealedPdfByToken(token, data.lang),
      fileName: "signed-proposal.pdf",
    };
  const t = proposalTranslator(data.lang);
  const notice = isPastExpiry(row)
    ? t("expired", { date: row.expiresAt ? dateIn(data.lang, row.expiresAt) : "" })
    : row.expiresAt
      ? t("validFor", { date: dateIn(data.lang, row.expiresAt) })
      : t("validForFromSending");
  return unsignedPdf(data, notice);
}

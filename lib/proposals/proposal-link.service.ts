import "server-only";
import { createTranslator } from "next-intl";
import { noteProposalOpened, winLead } from "@/lib/crm/lead.service";
import { isUniqueViolation } from "@/lib/db-errors";
import { AppError } from "@/lib/http/app-error";
import { serverEnv } from "@/lib/env";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { site } from "@/lib/site";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { isLinkStatusOpen, TOKEN_PATTERN } from "./client-link-gate";
import { contentSha256 } from "./content-hash";
import { dataOf, documentsOf, isPastExpiry, iso, langOf, toSignatureDto } from "./proposal-dto";
import { buildSignedMails } from "./proposal-mail.service";
import { proposalPeopleIds } from "./alert-recipients.service";
import { leadPageOf, notifyAccounts } from "@/lib/notifications/notification.service";
import { proposalOpenedAlertJob } from "./proposal-timers.service";
import { inTransaction } from "@/lib/db";
import { enqueueJob } from "@/lib/queue/queue";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import { proposalFigures } from "./proposal-amounts";
import { sealSignedPdf } from "./sealed-pdf.service";
import { hasTitle } from "./client-name";
import { proposalNameIn, storedProposalName } from "./proposal-name";
import {
  insertSignature,
  markExpired,
  recordClientView,
  selectEvents,
  selectProposalByToken,
  selectSealedPdf,
  type AuditContext,
  type SignatureRow,
} from "./proposal.repo";
import {
  PROPOSAL_LANGS,
  type ProposalData,
  type ProposalLang,
  type PublicProposalDto,
  type SignatureDto,
  type TSignProposal,
} from "./proposal.schema";
import { judgeInk, screenSignatureImage } from "./signature-image";
import { inPdfWorker } from "./pdf/pdf-worker-pool";

// The client link: what the client reads, and signing it.

/**
 * Well-formed signing attempts one link accepts per hour from one client address, and from all
 * addresses together. Malformed or blank attempts are refused before either is touched, so they
 * cannot use up the budget that protects the real signature.
 */
const SIGNATURE_ATTEMPTS_PER_ADDRESS = {
  bucket: "proposal_signature_address",
  max: 10,
  windowMs: 60 * 60 * 1000,
};
const SIGNATURE_ATTEMPTS_PER_LINK = {
  bucket: "proposal_signature",
  max: 30,
  windowMs: 60 * 60 * 1000,
};

const CATALOGUES = { es: es.ProposalLink, en: en.ProposalLink } as const;

function linkText(lang: ProposalLang, key: keyof typeof en.ProposalLink): string {
  return createTranslator({
    locale: lang,
    messages: { ProposalLink: CATALOGUES[lang] },
    namespace: "ProposalLink",
  })(key);
}

/** What the client reads where a link does not open (the API's 404 message and the 404 page). */
export const linkNotFoundText = (lang: ProposalLang) => linkText(lang, "notFound");

/**
 * Unknown, malformed, draft and withdrawn tokens answer exactly alike (one body, in the visitor's
 * language), so a link cannot be probed for its shape or for whether it ever existed.
 */
const unknownToken = (lang: ProposalLang) => new AppError("not_found", linkText(lang, "notFound"));

/** The link of a proposal whose client's personal data was erased: 410, saying so. */
const erasedLink = (lang: ProposalLang) => new AppError("gone", linkText(lang, "erased"));

/**
 * The proposal behind a client link; a draft is visible only to staff previewing it. Once the lead's
 * data is erased the link serves nothing, for staff too (it answers 410).
 */
export async function findOpenByToken(
  token: string,
  lang: ProposalLang,
  { allowDraft = false } = {},
) {
  const row = TOKEN_PATTERN.test(token) ? await selectProposalByToken(token) : null;
  if (!row || !isLinkStatusOpen(row.status, { allowDraft })) throw unknownToken(lang);
  if (row.erasedAt) throw erasedLink(lang);
  return row;
}

/** Whether a client link opens at all (a draft only for staff), without recording a view. */
export async function isClientLinkOpen(
  token: string,
  { isStaffPreview }: { isStaffPreview: boolean },
): Promise<boolean> {
  try {
    await findOpenByToken(token, "es", { allowDraft: isStaffPreview });
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "gone"))
      return false;
    throw error;
  }
}

/** The visitor's language from a `?lang=` value or an Accept-Language header, else Spanish. */
export function visitorLang(
  asked: string | null | undefined,
  acceptLanguage: string | null,
): ProposalLang {
  if (asked === "es" || asked === "en") return asked;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().slice(0, 2);
    if (tag === "es" || tag === "en") return tag;
  }
  return "es";
}

/**
 * The client link: records the view (unless staff is previewing) and notices expiry. `lang` picks the
 * content when the proposal has that language; null (the client page without `?lang=`) means its own.
 */
export async function viewProposalByToken(
  token: string,
  audit: AuditContext,
  { isStaffPreview, lang }: { isStaffPreview: boolean; lang: ProposalLang | null },
): Promise<PublicProposalDto> {
  const row = await findOpenByToken(token, lang ?? "es", { allowDraft: isStaffPreview });
  const isExpired = isPastExpiry(row);
  if (isExpired && row.status !== "expired") await markExpired(row.id, audit);
  // The first view and its alert job commit together: a crash between them cannot lose the alert.
  if (!isStaffPreview)
    await inTransaction(async (tx) => {
      if (await recordClientView(row.id, audit, tx)) {
        await enqueueJob(proposalOpenedAlertJob(row.id), tx);
        // The lead's timeline says so ("the client opened the proposal"), with the view itself.
        if (row.leadId) await noteProposalOpened(row.leadId, titleOf(row), tx);
      }
    });
  const status = isExpired
    ? "expired"
    : !isStaffPreview && row.status === "shared"
      ? "viewed"
      : row.status;
  const documents = documentsOf(row);
  const data = (lang && documents[lang]) || dataOf(row);
  return {
    proposal_data: data,
    status,
    expires_at: iso(row.expiresAt),
    ...(row.signature ? { signature: toSignatureDto(row.signature) } : {}),
    version: row.version,
    content_sha256: contentSha256(data),
    languages: PROPOSAL_LANGS.filter((code) => documents[code]),
    documents,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function takeSigningBudget(proposalId: string, audit: AuditContext, lang: ProposalLang) {
  const throttled = (retryAfterSeconds: number) =>
    new AppError("throttled", linkText(lang, "throttled"), { retryAfterSeconds });
  // The address's own budget first: one noisy address runs out before it can drain the link's.
  const byAddress = await takeLimit({
    ...SIGNATURE_ATTEMPTS_PER_ADDRESS,
    key: `${proposalId}|${audit.ipAddress ?? "unknown"}`,
  });
  if (byAddress.isLimited) throw throttled(byAddress.retryAfterSeconds);
  const byLink = await takeLimit({ ...SIGNATURE_ATTEMPTS_PER_LINK, key: proposalId });
  if (byLink.isLimited) throw throttled(byLink.retryAfterSeconds);
}

/**
 * Signs the version the client read. Everything that can be judged from the request alone (fields,
 * image, the link's state) is checked before the signing budget is touched; a signature naming any
 * version but the current one answers 409 "changed". The signature, its audit event, the lead's move
 * to Won and the confirmation e-mails commit in one transaction: all of them or none.
 */
export async function signProposal(
  token: string,
  input: TSignProposal,
  audit: AuditContext,
  pageLang: ProposalLang,
): Promise<{ status: "signed"; signature: SignatureDto }> {
  // A blank or oversized image is refused from its bytes alone, before the link is looked up.
  const screened = screenSignatureImage(input.image);
  const row = await findOpenByToken(token, pageLang);
  if (row.signature || row.status === "signed")
    throw new AppError("conflict", linkText(pageLang, "signed"));
  if (isPastExpiry(row)) {
    await markExpired(row.id, audit);
    throw new AppError("gone", linkText(pageLang, "expired"));
  }
  // Decoded in the PDF worker: a phone pad at full density costs tens of milliseconds of CPU.
  const image = judgeInk(screened, await inPdfWorker({ kind: "ink", png: screened }));
  await takeSigningBudget(row.id, audit, pageLang);

  // The client signs the content in the language they read it in, when the proposal has it.
  const documents = documentsOf(row);
  const signedLang = input.lang && documents[input.lang] ? input.lang : langOf(row.lang);
  const data = documents[signedLang] ?? dataOf(row);
  const hash = contentSha256(data);
  const changed = () => new AppError("changed", linkText(pageLang, "changed"));
  if (
    (input.version !== undefined && input.version !== row.version) ||
    (input.content_sha256 !== undefined && input.content_sha256 !== hash)
  )
    throw changed();

  const signedAt = new Date();
  const signer = {
    fullName: input.full_name,
    role: input.role,
    company: input.company,
    signedDate: input.date,
  };
  const sealed = await sealSignedPdf({
    proposalId: row.id,
    version: row.version,
    data,
    lang: signedLang,
    brand: site.name,
    signer,
    signatureImage: image,
    signedAt,
    timeZone: serverEnv().ANALYTICS_TIME_ZONE,
    ipAddress: audit.ipAddress,
    userAgent: audit.userAgent,
    contentSha256: hash,
    audit: [
      ...(await selectEvents(row.id)).map((event) => ({
        type: event.type,
        at: event.createdAt,
        actor: event.actor,
        ipAddress: event.ipAddress,
      })),
      { type: "signed", at: signedAt, actor: input.full_name, ipAddress: audit.ipAddress },
    ],
    verifyUrl: `${site.siteUrl}/proposals/verify`,
  });
  // Read before the transaction (who is told); inside it only the transaction's client is used.
  const mails = await buildSignedMails({
    proposalId: row.id,
    leadId: row.leadId,
    data,
    token,
    signer: { fullName: input.full_name, role: input.role, company: input.company },
    signedAt,
    contentSha256: hash,
    sealedPdf: Buffer.from(sealed.bytes),
  });
  let saved: SignatureRow | null;
  try {
    saved = await inTransaction(async (tx) => {
      const saved = await insertSignature(
        row.id,
        {
          ...signer,
          image: new Uint8Array(image),
          contentSha256: hash,
          version: row.version,
          lang: signedLang,
          signedAt,
          pdf: new Uint8Array(sealed.bytes),
          pdfSha256: sealed.sha256,
          ...revenueOf(data),
        },
        audit,
        tx,
      );
      if (!saved) return null;
      const storedName = storedProposalName(data);
      const signedBy = `${input.full_name} (${input.role}, ${input.company})`;
      if (row.leadId)
        await winLead(
          row.leadId,
          { content: storedName ? `${storedName} — ${signedBy}` : signedBy, title: storedName },
          { name: input.full_name, accountId: null },
          tx,
        );
      for (const mail of mails) await enqueueMail(mail, tx);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", linkText(pageLang, "signed"));
    throw error;
  }
  // Edited, signed, expired or withdrawn between reading and signing: what was read is not what is stored.
  if (!saved) throw changed();
  await notifyAccounts(await proposalPeopleIds({ leadId: row.leadId, proposalId: row.id }), {
    kind: "proposal_signed",
    values: {
      client: input.full_name,
      title: (lang) => proposalNameIn(data, lang),
      titled: hasTitle(data) ? "yes" : "no",
    },
    link: row.leadId ? leadPageOf(row.leadId) : `/proposal/db/${row.id}`,
    dedupeKey: `proposal_signed:${row.id}`,
  });

  return { status: "signed", signature: toSignatureDto(saved) };
}

/**
 * The sealed PDF of a signed proposal, for its client link; the same 404 as any closed link before,
 * and 410 once the lead's data is erased (the file named the signer; only its hash is kept).
 */
export async function getSealedPdfByToken(token: string, lang: ProposalLang): Promise<Uint8Array> {
  const sealed = TOKEN_PATTERN.test(token) ? await selectSealedPdf({ token }) : null;
  if (!sealed || sealed.status !== "signed") throw unknownToken(lang);
  if (sealed.erasedAt || !sealed.pdf) throw erasedLink(lang);
  return sealed.pdf;
}

/** The signed version's amounts as figures, parsed once at signing (null amounts: 'unparsed'). */
function revenueOf(data: ProposalData) {
  const figures = proposalFigures(data);
  return {
    revenueCurrency: figures?.currency ?? null,
    revenueInitial: figures?.initial ?? null,
    revenueMonthly: figures?.monthly ?? null,
  };
}

/** The proposal's name on the lead's timeline: its title, else its client's (empty: "a proposal"). */
const titleOf = (row: Parameters<typeof dataOf>[0]) => storedProposalName(dataOf(row));

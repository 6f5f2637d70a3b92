import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { site } from "@/lib/site";
import {
  clientNameOf,
  hasTitle,
  PROPOSAL_VALID_DAYS,
  proposalNameOf,
  type ProposalData,
  type ProposalLang,
} from "./proposal.schema";
import { formatMoney } from "@/lib/i18n/answer-values";
import { brandFooter, renderMail } from "@/lib/outbox/mail-layout";
import type { OutgoingMail } from "@/lib/outbox/outbox.service";
import { proposalFigures } from "./proposal-amounts";

const CATALOGUES = { es: es.ProposalMail, en: en.ProposalMail } as const;

function translatorFor(lang: ProposalLang) {
  return createTranslator({
    locale: lang,
    messages: { ProposalMail: CATALOGUES[lang] },
    namespace: "ProposalMail",
  });
}

/**
 * The sealed PDF's file name on the signature e-mails, in the proposal's language: its title, else the
 * client's name, else that language's word for "client".
 */
export function signedAttachmentName(data: ProposalData): string {
  const t = translatorFor(data.lang);
  const name = proposalNameOf(data, t("unnamedClient")).replace(/[\\/:*?"<>|]+/g, "-");
  return t("signedFileName", { name });
}

/** The client link of a stored proposal, on the public site's address. */
export function clientLinkOf(token: string): string {
  return `${site.siteUrl}/proposals/ai-generated/${token}`;
}

/**
 * The proposal's stated one-off total in the reader's way of writing money ("37.000 US$" in Spanish,
 * "$37,000" in English); a total we cannot read as a number is shown as written. Null without one.
 */
export function totalOf(data: ProposalData): string | null {
  const subtotal = data.investment.subtotal.trim();
  if (!subtotal) return null;
  const figures = proposalFigures(data);
  if (figures?.initial != null) return formatMoney(data.lang, figures.initial, figures.currency);
  const currency = data.investment.currency.trim();
  return currency ? `${currency} ${subtotal}` : subtotal;
}

/** The subject a proposal's e-mail has unless its sender writes one, in the proposal's language. */
export function defaultProposalSubject(data: ProposalData): string {
  const t = translatorFor(data.lang);
  return t("subject", { title: proposalNameOf(data, t("unnamedClient")), brand: site.name });
}

/**
 * The e-mail that sends a proposal to its client, written by the server in the proposal's language
 * from subject to signature; it greets the contact person (`contactName`, else the company), carries
 * the sender's personal note when given, and answers go to its author (`replyTo`).
 */
export function buildProposalEmail(input: {
  data: ProposalData;
  token: string;
  to: string;
  subject?: string;
  message?: string;
  validUntil: Date;
  contactName?: string | null;
  author?: { name: string | null; email: string | null } | null;
}): OutgoingMail {
  const { data } = input;
  const t = translatorFor(data.lang);
  const href = clientLinkOf(input.token);
  const total = totalOf(data);
  const validUntil = new Intl.DateTimeFormat(data.lang, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(input.validUntil);
  const subject = input.subject || defaultProposalSubject(data);
  const paragraphs = [
    t("greeting", { name: input.contactName?.trim() || clientNameOf(data, t("unnamedClient")) }),
    ...(input.message ? [input.message] : []),
    t("intro", { title: proposalNameOf(data, t("unnamedClient")), brand: site.name }),
    ...(total ? [t("total", { total })] : []),
    t("validity", { days: PROPOSAL_VALID_DAYS, date: validUntil }),
  ];
  const authorName = input.author?.name?.trim();
  const closing = authorName
    ? t("closingSigned", { name: authorName, brand: site.name })
    : t("closing", { brand: site.name });
  return {
    to: input.to,
    subject,
    replyTo: input.author?.email ?? null,
    ...renderMail({
      lang: data.lang,
      title: subject,
      paragraphs,
      link: { href, label: t("linkLabel") },
      after: [closing],
      footer: brandFooter(),
    }),
  };
}

/** The one reminder to a client whose shared proposal is still unsigned, in the proposal's language. */
export function buildReminderEmail(input: {
  data: ProposalData;
  token: string;
  to: string;
  expiresAt: Date;
}): OutgoingMail {
  const { data } = input;
  const t = translatorFor(data.lang);
  const href = clientLinkOf(input.token);
  const title = proposalNameOf(data, t("unnamedClient"));
  const date = new Intl.DateTimeFormat(data.lang, { dateStyle: "long", timeZone: "UTC" }).format(
    input.expiresAt,
  );
  const paragraphs = [
    t("greeting", { name: clientNameOf(data, t("unnamedClient")) }),
    t("reminderBody", { title, brand: site.name, date }),
  ];
  const subject = t("reminderSubject", { title, date });
  return {
    to: input.to,
    subject,
    ...renderMail({
      lang: data.lang,
      title: subject,
      paragraphs,
      link: { href, label: t("linkLabel") },
      after: [t("closing", { brand: site.name })],
      footer: brandFooter(),
    }),
  };
}

interface SignedMailInput {
  data: ProposalData;
  token: string;
  signer: { fullName: string; role: string; company: string };
  signedAt: Date;
  contentSha256: string;
}

/** Confirmation to the client that their signature was received. */
export function buildSignedClientEmail(input: SignedMailInput & { to: string }): OutgoingMail {
  const t = translatorFor(input.data.lang);
  const title = proposalNameOf(input.data, t("unnamedClient"));
  const date = new Intl.DateTimeFormat(input.data.lang, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(input.signedAt);
  const paragraphs = [
    t("signedClientBody", { name: input.signer.fullName, title, date }),
    t("fingerprint", { hash: input.contentSha256 }),
    t("closing", { brand: site.name }),
  ];
  const subject = t("signedClientSubject", { title });
  return {
    to: input.to,
    subject,
    ...renderMail({
      lang: input.data.lang,
      title: subject,
      paragraphs,
      link: { href: clientLinkOf(input.token), label: t("signedLinkLabel") },
      footer: brandFooter(),
    }),
  };
}

/**
 * Notice to staff that a client signed, in the recipient's language (`lang`), else the proposal's. An
 * untitled proposal is named by its client, so its notice names the client once ("Acme signed their
 * proposal"), not twice.
 */
export function buildSignedStaffEmail(
  input: SignedMailInput & { to: string; lang?: ProposalLang },
): OutgoingMail {
  const lang = input.lang ?? input.data.lang;
  const t = translatorFor(lang);
  const isTitled = hasTitle(input.data);
  const title = proposalNameOf(input.data, t("unnamedClient"));
  const client = clientNameOf(input.data, t("unnamedClient"));
  const signer = {
    name: input.signer.fullName,
    role: input.signer.role,
    company: input.signer.company,
  };
  const paragraphs = [
    isTitled ? t("signedStaffBody", { ...signer, title }) : t("signedStaffBodyUntitled", signer),
    t("fingerprint", { hash: input.contentSha256 }),
  ];
  const subject = isTitled
    ? t("signedStaffSubject", { client, title })
    : t("signedStaffSubjectUntitled", { client });
  return {
    to: input.to,
    subject,
    ...renderMail({
      lang,
      title: subject,
      paragraphs,
      link: { href: clientLinkOf(input.token), label: t("signedLinkLabel") },
    }),
  };
}

import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { site } from "@/lib/site";
import {
  clientNameOf,
  PROPOSAL_VALID_DAYS,
  type ProposalData,
  type ProposalLang,
} from "./proposal.schema";
import type { OutgoingMail } from "@/lib/outbox/outbox.service";

const CATALOGUES = { es: es.ProposalMail, en: en.ProposalMail } as const;

function translatorFor(lang: ProposalLang) {
  return createTranslator({
    locale: lang,
    messages: { ProposalMail: CATALOGUES[lang] },
    namespace: "ProposalMail",
  });
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The client link of a stored proposal, on the public site's address. */
export function clientLinkOf(token: string): string {
  return `${site.siteUrl}/proposals/ai-generated/${token}`;
}

/** "USD 37,000" when the proposal states a subtotal, else null. */
export function totalOf(data: ProposalData): string | null {
  const subtotal = data.investment.subtotal.trim();
  if (!subtotal) return null;
  const currency = data.investment.currency.trim();
  return currency ? `${currency} ${subtotal}` : subtotal;
}

const asParagraphs = (texts: string[]) =>
  texts
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

/** Plain, inline-styled HTML (mail clients ignore stylesheets); every value is escaped. */
function layout(
  paragraphs: string[],
  link?: { href: string; label: string },
  after: string[] = [],
): string {
  const body = asParagraphs(paragraphs);
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#f97316;color:#111315;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#5f6873">${escapeHtml(link.href)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1d21;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">${body}${button}${asParagraphs(after)}<p style="margin:32px 0 0;color:#5f6873;font-size:13px">${escapeHtml(site.name)} · ${escapeHtml(site.phone)} · ${escapeHtml(site.contactEmail)}</p></body></html>`;
}

/** The e-mail that sends a proposal to its client, written by the server in the proposal's language. */
export function buildProposalEmail(input: {
  data: ProposalData;
  token: string;
  to: string;
  subject: string;
  message?: string;
  validUntil: Date;
}): OutgoingMail {
  const { data } = input;
  const t = translatorFor(data.lang);
  const href = clientLinkOf(input.token);
  const total = totalOf(data);
  const validUntil = new Intl.DateTimeFormat(data.lang, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(input.validUntil);
  const paragraphs = [
    t("greeting", { name: clientNameOf(data) }),
    ...(input.message ? [input.message] : []),
    t("intro", { title: data.title || t("untitled"), brand: site.name }),
    ...(total ? [t("total", { total })] : []),
    t("validity", { days: PROPOSAL_VALID_DAYS, date: validUntil }),
  ];
  const closing = t("closing", { brand: site.name });
  const text = [...paragraphs, `${t("linkLabel")}: ${href}`, closing].join("\n\n");
  return {
    to: input.to,
    subject: input.subject,
    html: layout(paragraphs, { href, label: t("linkLabel") }, [closing]),
    text,
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
  const title = data.title || t("untitled");
  const date = new Intl.DateTimeFormat(data.lang, { dateStyle: "long", timeZone: "UTC" }).format(
    input.expiresAt,
  );
  const paragraphs = [
    t("greeting", { name: clientNameOf(data) }),
    t("reminderBody", { title, brand: site.name, date }),
  ];
  const closing = t("closing", { brand: site.name });
  return {
    to: input.to,
    subject: t("reminderSubject", { title, date }),
    html: layout(paragraphs, { href, label: t("linkLabel") }, [closing]),
    text: [...paragraphs, `${t("linkLabel")}: ${href}`, closing].join("\n\n"),
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
  const title = input.data.title || t("untitled");
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
  const href = clientLinkOf(input.token);
  return {
    to: input.to,
    subject: t("signedClientSubject", { title }),
    html: layout(paragraphs, { href, label: t("signedLinkLabel") }),
    text: [...paragraphs, href].join("\n\n"),
  };
}

/** Notice to staff that a client signed. */
/** The team's copy, in the recipient's language (`lang`), else the proposal's. */
export function buildSignedStaffEmail(
  input: SignedMailInput & { to: string; lang?: ProposalLang },
): OutgoingMail {
  const t = translatorFor(input.lang ?? input.data.lang);
  const title = input.data.title || t("untitled");
  const client = clientNameOf(input.data);
  const paragraphs = [
    t("signedStaffBody", {
      name: input.signer.fullName,
      role: input.signer.role,
      company: input.signer.company,
      title,
    }),
    t("fingerprint", { hash: input.contentSha256 }),
  ];
  const href = clientLinkOf(input.token);
  return {
    to: input.to,
    subject: t("signedStaffSubject", { client, title }),
    html: layout(paragraphs, { href, label: t("signedLinkLabel") }),
    text: [...paragraphs, href].join("\n\n"),
  };
}

import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { site } from "@/lib/site";
import type { OutgoingMail } from "@/lib/outbox/outbox.service";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const CATALOGUES = { es: es.StaffMail, en: en.StaffMail } as const;
export type StaffMailLang = keyof typeof CATALOGUES;

/** Written in the language the reader uses the staff tools in (staff_accounts.lang). */
const translatorFor = (lang: StaffMailLang) =>
  createTranslator({
    locale: lang,
    messages: { StaffMail: CATALOGUES[lang] },
    namespace: "StaffMail",
  });

/** The address of the page where an invite or reset link sets a password. */
export const passwordLinkOf = (token: string) => `${site.siteUrl}/crm/password?token=${token}`;

function build(to: string, subject: string, paragraphs: string[], href: string): OutgoingMail {
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1d21;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">${paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join(
      "",
    )}<p style="margin:24px 0"><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p></body></html>`;
  return { to, subject, html, text: `${paragraphs.join("\n\n")}\n\n${href}\n` };
}

export function buildInviteMail(input: {
  to: string;
  name: string;
  token: string;
  lang: StaffMailLang;
}) {
  const t = translatorFor(input.lang);
  return build(
    input.to,
    t("inviteSubject", { brand: site.name }),
    [t("inviteBody", { name: input.name, brand: site.name }), t("inviteExpiry")],
    passwordLinkOf(input.token),
  );
}

export function buildResetMail(input: {
  to: string;
  name: string;
  token: string;
  lang: StaffMailLang;
}) {
  const t = translatorFor(input.lang);
  return build(
    input.to,
    t("resetSubject", { brand: site.name }),
    [t("resetBody", { name: input.name }), t("resetExpiry")],
    passwordLinkOf(input.token),
  );
}

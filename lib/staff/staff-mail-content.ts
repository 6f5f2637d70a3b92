import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { site } from "@/lib/site";
import { renderMail } from "@/lib/outbox/mail-layout";
import type { OutgoingMail } from "@/lib/outbox/outbox.service";

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

function build(
  lang: StaffMailLang,
  to: string,
  subject: string,
  paragraphs: string[],
  href: string,
): OutgoingMail {
  return {
    to,
    subject,
    ...renderMail({ lang, title: subject, paragraphs, link: { href, label: href } }),
  };
}

export function buildInviteMail(input: {
  to: string;
  name: string;
  token: string;
  lang: StaffMailLang;
}) {
  const t = translatorFor(input.lang);
  return build(
    input.lang,
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
    input.lang,
    input.to,
    t("resetSubject", { brand: site.name }),
    [t("resetBody", { name: input.name }), t("resetExpiry")],
    passwordLinkOf(input.token),
  );
}

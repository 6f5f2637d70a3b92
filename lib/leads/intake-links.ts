import { pathInLocale } from "@/lib/i18n/locale-path";
import type { Locale } from "@/lib/i18n/routing";
import { OPTIN_PATHS } from "@/lib/seo/seo.service";
import { site, type SiteConfig } from "@/lib/site";

export interface IntakeLink {
  href: string;
  /** An address on another site (a configured external form or scheduler): opens in a new tab. */
  isExternal: boolean;
}

/** Our questionnaire in this language: /optin/es for Spanish pages, /optin for English ones. */
export function questionnairePath(locale: Locale): string {
  return OPTIN_PATHS.byLocale[locale];
}

/**
 * Where "Let's talk", "Get Started" and the like lead: the external form configured for this
 * language (LEAD_FORM_URL_ES/EN), else our own questionnaire, which records attribution and
 * gives the lead an owner.
 */
export function leadFormLink(
  locale: Locale,
  config: Pick<SiteConfig, "leadFormUrl"> = site,
): IntakeLink {
  const external = config.leadFormUrl[locale];
  return external
    ? { href: external, isExternal: true }
    : { href: questionnairePath(locale), isExternal: false };
}

/** The meeting type a "book a call" link opens when no outside scheduler is configured. */
export const DEFAULT_MEETING_TYPE = "strategy-session";

/** "Book a call": the outside scheduler when MEETING_URL is set, else our own booking page. */
export function bookCallLink(
  locale: Locale,
  config: Pick<SiteConfig, "meetingUrl"> = site,
): IntakeLink {
  return config.meetingUrl
    ? { href: config.meetingUrl, isExternal: true }
    : { href: pathInLocale(`/book/${DEFAULT_MEETING_TYPE}`, locale), isExternal: false };
}

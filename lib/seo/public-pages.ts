import { SOLUTION_SLUGS } from "@/lib/content/content.service";
import { routing, type Locale } from "@/lib/i18n/routing";
import { localizedPath, type LocalizedPaths } from "@/lib/seo/metadata";

/** The /optin landing opens in English (its Spanish twin is /optin/es) and switches language in place. */
export const OPTIN_PATHS: LocalizedPaths = {
  byLocale: { en: "/optin", es: "/optin/es" },
  xDefault: "/optin",
};

/** Where a public page lives in each language: Spanish unprefixed and English under /en, except /optin. */
export function publicPagePaths(pathname: string): LocalizedPaths {
  if (pathname === "/optin") return OPTIN_PATHS;
  return {
    byLocale: Object.fromEntries(
      routing.locales.map((locale) => [locale, localizedPath(pathname, locale)]),
    ) as Record<Locale, string>,
    xDefault: localizedPath(pathname, routing.defaultLocale),
  };
}

/**
 * Every indexable public page, without locale prefix; each exists in Spanish and English. Articles
 * and jobs are records, listed by the sitemap from the database (one may exist in one language only).
 * /booking-confirmation is left out on purpose: it is noindex.
 */
export function indexablePublicPaths(): string[] {
  return [
    "/",
    ...SOLUTION_SLUGS.map((slug) => `/solutions/${slug}`),
    "/blog",
    "/careers",
    "/privacy-policy",
    "/terms-and-conditions",
    "/optin",
  ];
}

/** Internal tools that search engines must not crawl. */
export const PRIVATE_PATH_PREFIXES = [
  "/api/",
  "/crm",
  "/analytics",
  "/proposal/",
  "/proposals/",
] as const;

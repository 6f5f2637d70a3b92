import "./globals.css";
import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { NotFoundContent } from "@/components/site/not-found-content";
import { SiteChrome } from "@/components/site/site-chrome";
import { SiteDocument } from "@/components/site/site-document";
import { routing, type Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";

// Any URL no route matches (unknown pages, and unknown solution, article and job slugs, whose routes
// only accept the known ones) is answered here at the routing level, so the 404 is a complete
// server-rendered document: a notFound() thrown during rendering would reach visitors as an empty
// shell filled in by JavaScript.

/** The proxy (next-intl) names the locale it resolved from the path: `/en/…` English, otherwise Spanish. */
async function requestLocale(): Promise<Locale> {
  const resolved = (await headers()).get("x-next-intl-locale");
  return hasLocale(routing.locales, resolved) ? resolved : routing.defaultLocale;
}

export async function generateMetadata(): Promise<Metadata> {
  const locale = await requestLocale();
  const t = await getTranslations({ locale, namespace: "Metadata" });
  // Next.js adds `<meta name="robots" content="noindex">` to every 404 itself.
  return { title: t("notFoundTitle", { brand: site.name }) };
}

export default async function GlobalNotFound() {
  const locale = await requestLocale();
  return (
    <SiteDocument locale={locale}>
      <SiteChrome locale={locale}>
        <NotFoundContent locale={locale} />
      </SiteChrome>
    </SiteDocument>
  );
}

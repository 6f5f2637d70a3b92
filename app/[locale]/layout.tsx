import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { AnalyticsTracker } from "@/components/analytics/analytics-tracker";
import { SiteDocument } from "@/components/site/site-document";
import { routing } from "@/lib/i18n/routing";
import { site } from "@/lib/site";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

// Any other first segment (`/api`, `/file.txt`, which the proxy does not localise) is unmatched, so
// app/global-not-found.tsx answers it with a complete 404, as it answers unknown solutions, articles
// and jobs (their routes refuse unknown slugs too). There is no not-found.tsx anywhere above a public
// page: Next.js sends a not-found file's whole tree with every page below it (docs/performance.md), and
// tests/unit/site/not-found-reach.test.ts keeps every notFound() here where it cannot fire.
export const dynamicParams = false;

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return {
    metadataBase: new URL(site.siteUrl),
    title: t("title", { brand: site.name }),
    description: t("description"),
    applicationName: site.name,
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <SiteDocument locale={locale}>
      {children}
      <AnalyticsTracker receptionistName={site.receptionistName} />
    </SiteDocument>
  );
}

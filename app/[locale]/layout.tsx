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

// No `dynamicParams = false` here: Next.js applies it to every route below (a route renders unknown
// params on demand only if none of its segments refuses them), and an article or job published after the
// build must render on its first visit. Each prerendered page refuses other locales itself, so an unknown
// first segment (`/file.txt`, which the proxy does not localise) stays unmatched and app/global-not-found.tsx
// answers it. There is no not-found.tsx above a public page: Next.js sends a not-found file's whole tree
// with every page below it (docs/performance.md); tests/unit/site/not-found-reach.test.ts keeps every
// notFound() where it cannot fire or where a small boundary beside it catches it.

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

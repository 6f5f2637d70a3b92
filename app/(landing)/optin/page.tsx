import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OptinLanding } from "@/components/leads/optin-landing";
import { LocaleProvider } from "@/components/i18n/locale-provider";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { site } from "@/lib/site";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: "en", namespace: "Optin" });
  return {
    metadataBase: new URL(site.siteUrl),
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription"),
    alternates: { canonical: "/optin" },
    robots: { index: true, follow: true },
  };
}

// Both languages ship with the page: the visitor switches in place, without a round trip.
export default function OptinPage() {
  const themeLabels = {
    es: { label: es.ThemeToggle.label, light: es.ThemeToggle.light, dark: es.ThemeToggle.dark },
    en: { label: en.ThemeToggle.label, light: en.ThemeToggle.light, dark: en.ThemeToggle.dark },
  };
  return (
    <LocaleProvider locale="en">
      <OptinLanding
        brand={site.name}
        messages={{ es: es.Optin, en: en.Optin }}
        themeLabels={themeLabels}
      />
    </LocaleProvider>
  );
}

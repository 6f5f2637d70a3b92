import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AnalyticsTracker } from "@/components/analytics/analytics-tracker";
import { OptinLanding } from "@/components/leads/optin-landing";
import { fontVariables } from "@/lib/fonts";
import type { Locale } from "@/lib/i18n/routing";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { OPTIN_PATHS } from "@/lib/seo/public-pages";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { site } from "@/lib/site";
import { themeScript } from "@/lib/theme/theme-script";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

/** Title, description, canonical, hreflang, Open Graph and Twitter tags of /optin in one language. */
export async function optinMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "Optin" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  return buildPageMetadata({
    locale,
    pathname: OPTIN_PATHS.byLocale[locale],
    paths: OPTIN_PATHS,
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription"),
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
  });
}

/** The /optin document in the language it opens in; both languages ship, so the visitor switches in place. */
export function OptinPage({ locale }: { locale: Locale }) {
  const themeLabels = {
    es: { label: es.ThemeToggle.label, light: es.ThemeToggle.light, dark: es.ThemeToggle.dark },
    en: { label: en.ThemeToggle.label, light: en.ThemeToggle.light, dark: en.ThemeToggle.dark },
  };
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <OptinLanding
          brand={site.name}
          messages={{ es: es.Optin, en: en.Optin }}
          themeLabels={themeLabels}
          initialLang={locale}
        />
        <AnalyticsTracker receptionistName={site.receptionistName} />
      </body>
    </html>
  );
}

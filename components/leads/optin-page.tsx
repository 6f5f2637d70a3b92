import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AnalyticsTracker } from "@/components/analytics/analytics-tracker";
import { OptinLanding } from "@/components/leads/optin-landing";
import type { ThankYouNextSteps } from "@/components/leads/questionnaire";
import { OPTIN_STATS, type OptinLandingText } from "@/components/leads/optin-text";
import { CurrentYear } from "@/components/site/current-year";
import { fontVariables } from "@/lib/fonts";
import type { Locale } from "@/lib/i18n/routing";
import type { RelatedArticleKey } from "@/lib/content/related-articles";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { OPTIN_PATHS } from "@/lib/seo/public-pages";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { bookCallLink } from "@/lib/leads/intake-links";
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

async function landingText(locale: Locale): Promise<OptinLandingText> {
  const t = await getTranslations({ locale, namespace: "Optin" });
  const tTheme = await getTranslations({ locale, namespace: "ThemeToggle" });
  return {
    title: t("metaTitle", { brand: site.name }),
    homeLink: t("homeLink", { brand: site.name }),
    languageLabel: t("languageLabel"),
    hero: { title: t("hero.title"), lead: t("hero.lead"), cta: t("hero.cta") },
    formTitle: t("form.title"),
    impact: {
      title: t("impact.title"),
      note: t("impact.note"),
      stats: Object.fromEntries(
        OPTIN_STATS.map((stat) => [
          stat,
          { label: t(`impact.${stat}.label`), value: t(`impact.${stat}.value`) },
        ]),
      ) as OptinLandingText["impact"]["stats"],
    },
    globe: { label: t("globe.label"), pause: t("globe.pause"), play: t("globe.play") },
    theme: { label: tTheme("label"), light: tTheme("light"), dark: tTheme("dark") },
    rights: t.rich("footer.rights", {
      brand: site.name,
      year: () => <CurrentYear renderedYear={new Date().getFullYear()} />,
    }),
  };
}

/** The article offered for each kind of reading, by its title and slug; null when none is live. */
export type RelatedReading = Record<RelatedArticleKey, { title: string; slug: string } | null>;

/** The thank-you's next steps in one language: the meeting page when configured, and the reading. */
function thankYouNextSteps(locale: Locale, related: RelatedReading): ThankYouNextSteps {
  return {
    bookCall: bookCallLink(locale),
    articles: Object.fromEntries(
      Object.entries(related).map(([key, article]) => [
        key,
        article && { title: article.title, href: localizedPath(`/blog/${article.slug}`, locale) },
      ]),
    ) as ThankYouNextSteps["articles"],
    homeHref: localizedPath("/", locale),
  };
}

/** The /optin document in the language it opens in; both languages ship, so the visitor switches in place. */
export async function OptinPage({
  locale,
  related,
}: {
  locale: Locale;
  /** The thank-you's reading in each language (articles are records, read by the page). */
  related: Record<Locale, RelatedReading>;
}) {
  const text = { es: await landingText("es"), en: await landingText("en") };
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <OptinLanding
          brand={site.name}
          text={text}
          messages={{ es: es.Optin, en: en.Optin }}
          nextSteps={{
            es: thankYouNextSteps("es", related.es),
            en: thankYouNextSteps("en", related.en),
          }}
          initialLang={locale}
        />
        <AnalyticsTracker receptionistName={site.receptionistName} />
      </body>
    </html>
  );
}

import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { LanguageSwitcher } from "@/components/site/language-switcher";
import { Logo } from "@/components/site/logo";
import { SiteFooter } from "@/components/site/site-footer";
import { StickyHeader } from "@/components/site/sticky-header";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { LocalePairLinks } from "./locale-pair-links";

interface StandaloneFrameProps {
  locale: Locale;
  children: ReactNode;
  /**
   * Addresses of this page per language. Pages rendered per request pass them (with their query
   * string) so switching language keeps the page's state; static pages let the switcher derive them.
   */
  languageHrefs?: Record<Locale, string>;
  /** Replaces the standard header (logo, language pair, theme). */
  header?: ReactNode;
}

/**
 * The frame of pages that live outside the marketing navigation (careers, legal, booking):
 * skip link, a compact header with the logo back home, the EN/ES pair and the theme switch, and the site footer.
 */
export async function StandaloneFrame({
  locale,
  children,
  languageHrefs,
  header,
}: StandaloneFrameProps) {
  const t = await getTranslations({ locale });
  const languageOptions = {
    es: { short: t("LanguageSwitcher.es"), name: t("LanguageSwitcher.esName") },
    en: { short: t("LanguageSwitcher.en"), name: t("LanguageSwitcher.enName") },
  };
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("Common.skipToContent")}
      </a>
      {header ?? (
        <StickyHeader>
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 print:h-auto print:py-4">
            <IntentLink
              href={localizedPath("/", locale)}
              aria-label={t("Common.homeLink", { brand: site.name })}
              className="rounded-md"
            >
              <Logo name={site.name} />
            </IntentLink>
            <div className="flex items-center gap-3 sm:gap-5 print:hidden">
              {languageHrefs ? (
                <LocalePairLinks
                  currentLocale={locale}
                  hrefs={languageHrefs}
                  label={t("LanguageSwitcher.label")}
                  options={languageOptions}
                />
              ) : (
                <LanguageSwitcher
                  currentLocale={locale}
                  label={t("LanguageSwitcher.label")}
                  options={languageOptions}
                />
              )}
              <ThemeToggle
                label={t("ThemeToggle.label")}
                lightLabel={t("ThemeToggle.light")}
                darkLabel={t("ThemeToggle.dark")}
              />
            </div>
          </div>
        </StickyHeader>
      )}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <div className="print:hidden">
        <SiteFooter locale={locale} />
      </div>
    </>
  );
}

import { getTranslations } from "next-intl/server";
import NextLink from "next/link";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { StickyHeader } from "./sticky-header";

export async function SiteHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  return (
    <StickyHeader>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <NextLink href={localizedPath("/", locale)} aria-label={t("Common.homeLink", { brand: site.name })} className="rounded-md">
          <Logo name={site.name} />
        </NextLink>
        <div className="flex items-center gap-3 sm:gap-5">
          <LanguageSwitcher
            currentLocale={locale}
            label={t("LanguageSwitcher.label")}
            options={{
              es: { short: t("LanguageSwitcher.es"), name: t("LanguageSwitcher.esName") },
              en: { short: t("LanguageSwitcher.en"), name: t("LanguageSwitcher.enName") },
            }}
          />
          <ThemeToggle label={t("ThemeToggle.label")} lightLabel={t("ThemeToggle.light")} darkLabel={t("ThemeToggle.dark")} />
          <a
            href={site.leadFormUrl[locale]}
            target="_blank"
            rel="noopener noreferrer"
            className="hidden rounded-full bg-accent px-4 py-2 text-sm font-semibold text-on-accent transition hover:brightness-110 sm:inline-block"
          >
            {t("Header.primaryCta")}
            <span className="sr-only"> {t("Common.opensInNewTab")}</span>
          </a>
        </div>
      </div>
    </StickyHeader>
  );
}

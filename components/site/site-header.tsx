import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { buildNavLinks } from "./nav-links";
import { StickyHeader } from "./sticky-header";

export async function SiteHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  const links = buildNavLinks(locale, (id) => t(`Nav.items.${id}`));
  return (
    <StickyHeader>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <IntentLink
          href={localizedPath("/", locale)}
          aria-label={t("Common.homeLink", { brand: site.name })}
          className="shrink-0 rounded-md"
        >
          <Logo name={site.name} />
        </IntentLink>
        <nav aria-label={t("Nav.label")} className="hidden lg:block">
          <ul className="flex items-center gap-1 text-sm font-medium">
            {links.map((link) => (
              <li key={link.id}>
                <a
                  href={link.href}
                  className="rounded-md px-2.5 py-2 text-muted transition-colors hover:text-foreground"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Logo, languages, theme and menu measured 397 px: on phones the sun and moon go, so it fits 360. */}
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSwitcher
            currentLocale={locale}
            label={t("LanguageSwitcher.label")}
            options={{
              es: { short: t("LanguageSwitcher.es"), name: t("LanguageSwitcher.esName") },
              en: { short: t("LanguageSwitcher.en"), name: t("LanguageSwitcher.enName") },
            }}
          />
          <ThemeToggle
            label={t("ThemeToggle.label")}
            lightLabel={t("ThemeToggle.light")}
            darkLabel={t("ThemeToggle.dark")}
            iconClassName="max-sm:hidden"
          />
          <MobileMenu
            links={links}
            label={t("Nav.label")}
            openLabel={t("Nav.openMenu")}
            closeLabel={t("Nav.closeMenu")}
          />
        </div>
      </div>
    </StickyHeader>
  );
}

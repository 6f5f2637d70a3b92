import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { phoneHref, site } from "@/lib/site";
import { CurrentYear } from "./current-year";
import { Logo } from "./logo";
import { buildNavLinks } from "./nav-links";

const linkClass = "inline-block py-1 text-foreground underline-offset-4 hover:underline";

export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Footer" });
  const tNav = await getTranslations({ locale, namespace: "Nav" });
  const links = buildNavLinks(locale, (id) => tNav(`items.${id}`));
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="space-y-3">
          <Logo name={site.name} />
          <p className="max-w-sm text-sm text-muted">{t("tagline")}</p>
        </div>
        <nav aria-labelledby="footer-explore" className="text-sm">
          <h2 id="footer-explore" className="font-semibold">
            {t("explore")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 sm:grid-cols-1">
            {links.map((link) => (
              <li key={link.id}>
                <a href={link.href} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal" className="text-sm">
          <h2 id="footer-legal" className="font-semibold">
            {t("legal")}
          </h2>
          <ul className="mt-3">
            <li>
              <IntentLink
                href={localizedPath("/privacy-policy", locale)}
                prefetch={false}
                className={linkClass}
              >
                {t("privacy")}
              </IntentLink>
            </li>
            <li>
              <IntentLink
                href={localizedPath("/terms-and-conditions", locale)}
                prefetch={false}
                className={linkClass}
              >
                {t("terms")}
              </IntentLink>
            </li>
          </ul>
        </nav>
        <div className="space-y-1 text-sm">
          <h2 className="font-semibold">{t("contact")}</h2>
          <p className="mt-3">
            <span className="text-muted">{t("phone")}: </span>
            <a href={phoneHref()} className={linkClass}>
              {site.phone}
            </a>
          </p>
          <p>
            <span className="text-muted">{t("email")}: </span>
            <a href={`mailto:${site.contactEmail}`} className={`${linkClass} break-all`}>
              {site.contactEmail}
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted sm:px-6">
          {t.rich("rights", {
            brand: site.name,
            year: () => <CurrentYear renderedYear={new Date().getFullYear()} />,
          })}
        </p>
      </div>
    </footer>
  );
}

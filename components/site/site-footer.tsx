import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { phoneHref, site } from "@/lib/site";
import { Logo } from "./logo";
import { CurrentYear } from "./current-year";

export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Footer" });
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6">
        <div className="space-y-3">
          <Logo name={site.name} />
          <p className="max-w-sm text-sm text-muted">{t("tagline")}</p>
        </div>
        <div className="space-y-2 text-sm sm:justify-self-end">
          <h2 className="font-semibold">{t("contact")}</h2>
          <p>
            <span className="text-muted">{t("phone")}: </span>
            <a href={phoneHref()} className="underline-offset-4 hover:underline">{site.phone}</a>
          </p>
          <p>
            <span className="text-muted">{t("email")}: </span>
            <a href={`mailto:${site.contactEmail}`} className="underline-offset-4 hover:underline">{site.contactEmail}</a>
          </p>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted sm:px-6">
          {t.rich("rights", { brand: site.name, year: () => <CurrentYear renderedYear={new Date().getFullYear()} /> })}
        </p>
      </div>
    </footer>
  );
}

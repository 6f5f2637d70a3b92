import { getTranslations } from "next-intl/server";
import { INDUSTRIES } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";
import { IndustryIcon } from "./icons";

export async function Industries({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.industries" });
  return (
    <section
      id="industries"
      aria-labelledby="industries-title"
      className="border-b border-border bg-surface"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="industries-title" className="font-display text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="mt-1 text-sm font-medium text-accent-text">{t("claim")}</p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:gap-6">
          {INDUSTRIES.map((key) => (
            <li key={key} className="flex items-center gap-2 text-sm font-medium text-muted">
              <IndustryIcon name={key} />
              {t(`items.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

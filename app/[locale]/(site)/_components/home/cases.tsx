import { getTranslations } from "next-intl/server";
import { SectionHeading } from "@/components/site/section-heading";
import { CASE_STUDIES } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";

export async function Cases({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.cases" });
  return (
    <section id="cases" aria-labelledby="cases-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="cases-title"
          eyebrow={t("eyebrow")}
          title={t("title")}
          lead={t("lead")}
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {CASE_STUDIES.map((key) => (
            <li
              key={key}
              className="flex flex-col rounded-2xl border border-border bg-background p-6"
            >
              <p className="text-xs font-semibold tracking-widest text-highlight uppercase">
                {t(`items.${key}.industry`)}
              </p>
              <h3 className="mt-2 font-display text-lg font-semibold">{t(`items.${key}.title`)}</h3>
              <p className="mt-3 text-sm text-muted">{t(`items.${key}.body`)}</p>
              <p className="mt-auto border-t border-border pt-5">
                <span className="block font-display text-3xl font-semibold text-accent-text">
                  {t(`items.${key}.metric`)}
                </span>
                <span className="text-sm text-muted">{t(`items.${key}.metricLabel`)}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

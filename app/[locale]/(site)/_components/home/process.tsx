import { getTranslations } from "next-intl/server";
import { SectionHeading } from "@/components/site/section-heading";
import { PROCESS_STEPS } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";

export async function Process({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.process" });
  return (
    <section id="process" aria-labelledby="process-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="process-title"
          eyebrow={t("eyebrow")}
          title={t("title")}
          lead={t("lead")}
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-5">
          {PROCESS_STEPS.map((key, index) => (
            <li key={key} className="relative rounded-2xl border border-border bg-background p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-accent font-display font-semibold text-on-accent"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-display text-lg font-semibold">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

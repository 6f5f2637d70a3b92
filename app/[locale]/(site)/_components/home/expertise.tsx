import { getTranslations } from "next-intl/server";
import { SectionHeading } from "@/components/site/section-heading";
import { EXPERTISE_AREAS } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";
import { CheckIcon } from "./icons";

export async function Expertise({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.expertise" });
  return (
    <section id="expertise" aria-labelledby="expertise-title">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="expertise-title"
          eyebrow={t("eyebrow")}
          title={t("title")}
          lead={t("lead")}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {EXPERTISE_AREAS.map((key, index) => (
            <li key={key} className="rounded-2xl border border-border bg-surface p-6">
              <span
                aria-hidden="true"
                className="font-display text-sm font-semibold text-accent-text"
              >
                0{index + 1}
              </span>
              <h3 className="mt-2 font-display text-lg font-semibold">{t(`items.${key}.title`)}</h3>
              <ul className="mt-4 space-y-2 text-sm text-muted">
                {(t.raw(`items.${key}.bullets`) as string[]).map((bullet) => (
                  <li key={bullet} className="flex gap-2">
                    <CheckIcon />
                    <span>{bullet}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

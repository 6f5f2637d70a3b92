import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { SectionHeading } from "@/components/site/section-heading";
import {
  COMMERCIAL_SOLUTIONS,
  INTERNAL_SOLUTIONS,
  type SolutionSlug,
} from "@/lib/content/solutions";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { ArrowIcon, CheckIcon } from "./icons";

export async function SolutionsSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.solutions" });
  const tItems = await getTranslations({ locale, namespace: "Solutions.items" });

  const group = (titleId: string, title: string, slugs: readonly SolutionSlug[]) => (
    <div className="mt-12">
      <h3 id={titleId} className="font-display text-xl font-semibold">
        {title}
      </h3>
      <ul aria-labelledby={titleId} className="mt-6 grid gap-6 md:grid-cols-3">
        {slugs.map((slug) => (
          <li
            key={slug}
            className="flex flex-col rounded-2xl border border-border bg-background p-6 shadow-sm"
          >
            <h4 className="font-display text-lg font-semibold">{tItems(`${slug}.title`)}</h4>
            <p className="mt-2 text-sm text-muted">{tItems(`${slug}.summary`)}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {(tItems.raw(`${slug}.highlights`) as string[]).map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <IntentLink
              href={localizedPath(`/solutions/${slug}`, locale)}
              className="mt-auto inline-flex items-center gap-1.5 self-start pt-6 text-sm font-semibold text-highlight underline-offset-4 hover:underline"
            >
              {t("learnMore")}
              <span className="sr-only">: {tItems(`${slug}.title`)}</span>
              <ArrowIcon />
            </IntentLink>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <section id="solutions" aria-labelledby="solutions-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="solutions-title"
          eyebrow={t("eyebrow")}
          title={t("title")}
          lead={t("lead")}
        />
        {group("solutions-commercial", t("commercialTitle"), COMMERCIAL_SOLUTIONS)}
        {group("solutions-internal", t("internalTitle"), INTERNAL_SOLUTIONS)}
      </div>
    </section>
  );
}

import { getTranslations } from "next-intl/server";
import { JsonLd } from "@/components/seo/json-ld";
import { SectionHeading } from "@/components/site/section-heading";
import { FAQ_ITEMS } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";
import { faqPageJsonLd } from "@/lib/seo/structured-data";
import { FaqAccordion } from "./faq-accordion";

export async function Faq({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.faq" });
  const items = FAQ_ITEMS.map((id) => ({
    id,
    question: t(`items.${id}.q`),
    answer: t(`items.${id}.a`),
  }));
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-surface">
      <JsonLd data={faqPageJsonLd(locale, items)} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <SectionHeading id="faq-title" eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
        <FaqAccordion items={items} />
      </div>
    </section>
  );
}

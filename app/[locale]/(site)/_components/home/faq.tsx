import { getTranslations } from "next-intl/server";
import { JsonLd } from "@/components/seo/json-ld";
import { SectionHeading } from "@/components/site/section-heading";
import { FAQ_ITEMS } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";
import { faqPageJsonLd } from "@/lib/seo/structured-data";

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
        {/* Native disclosure widgets: no JavaScript, keyboard and screen-reader support built in,
            and `name` keeps one answer open at a time. */}
        <div className="divide-y divide-border rounded-2xl border border-border bg-background">
          {items.map((item) => (
            <details key={item.id} name="faq" className="group">
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold transition-colors hover:bg-surface sm:px-6 [&::-webkit-details-marker]:hidden">
                <h3>{item.question}</h3>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-5 shrink-0 text-accent-text transition-transform group-open:rotate-45"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M12 5v14M5 12h14" />
                </svg>
              </summary>
              <div className="px-5 pb-5 text-muted sm:px-6">
                <p>{item.answer}</p>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

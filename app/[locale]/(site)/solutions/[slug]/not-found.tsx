import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";
import { SolutionLinks } from "../../_components/solution-links";

// Rendered for unknown slugs at request time; the layout has already set the request locale.
export default async function SolutionNotFound() {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations({ locale, namespace: "Solutions.notFound" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  const tCode = await getTranslations({ locale, namespace: "NotFound" });
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <title>{tMeta("notFoundTitle", { brand: site.name })}</title>
      <p className="font-mono text-sm font-semibold tracking-widest text-accent-text uppercase">{tCode("code")}</p>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance">{t("title")}</h1>
      <p id="solution-list-title" className="mt-4 max-w-2xl text-lg text-muted">{t("body")}</p>
      <div className="mt-10">
        <SolutionLinks locale={locale} labelledBy="solution-list-title" />
      </div>
    </section>
  );
}

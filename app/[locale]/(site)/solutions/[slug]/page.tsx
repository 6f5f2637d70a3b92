import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { isSolutionSlug, SOLUTION_SLUGS } from "@/lib/content/solutions";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { site } from "@/lib/site";
import { leadFormLink } from "@/lib/leads/intake-links";
import { IntakeLink } from "@/components/site/intake-link";
import { SolutionLinks } from "../../_components/solution-links";

// Unknown slugs are not routes at all, so they get the server-rendered 404 (app/global-not-found.tsx).
export const dynamicParams = false;

export function generateStaticParams() {
  return SOLUTION_SLUGS.map((slug) => ({ slug }));
}

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/solutions/[slug]">): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale) || !isSolutionSlug(slug)) return {};
  const t = await getTranslations({ locale, namespace: "Solutions" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  const title = t(`items.${slug}.title`);
  return buildPageMetadata({
    locale,
    pathname: `/solutions/${slug}`,
    title: t("metaTitle", { title, brand: site.name }),
    description: t(`items.${slug}.summary`),
    keywords: [title, ...(t.raw(`items.${slug}.highlights`) as string[])],
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
  });
}

export default async function SolutionPage({ params }: PageProps<"/[locale]/solutions/[slug]">) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Deliberate (docs/product.md#deliberate-differences-from-the-original-site): an unknown slug is a 404, not a copy of the first solution.
  if (!isSolutionSlug(slug)) notFound();
  const t = await getTranslations({ locale, namespace: "Solutions" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  const home = localizedPath("/", locale);

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
        <IntentLink
          href={home}
          className="inline-block py-1 text-sm font-medium text-highlight underline-offset-4 hover:underline"
        >
          ← {t("backHome")}
        </IntentLink>
        <p className="mt-8 text-sm font-semibold tracking-widest text-accent-text uppercase">
          {t("eyebrow")}
        </p>
        <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {t(`items.${slug}.title`)}
        </h1>
        <p className="mt-6 text-xl text-muted">{t(`items.${slug}.summary`)}</p>
        <p className="mt-6 text-lg leading-relaxed">{t(`items.${slug}.body`)}</p>
        <h2 className="mt-10 font-display text-xl font-semibold">{t("highlightsTitle")}</h2>
        <ul className="mt-4 space-y-3">
          {(t.raw(`items.${slug}.highlights`) as string[]).map((highlight) => (
            <li key={highlight} className="flex gap-3">
              <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-accent" />
              <span>{highlight}</span>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col gap-4 sm:flex-row">
          <IntakeLink
            target={leadFormLink(locale)}
            newTabText={tCommon("opensInNewTab")}
            className="inline-flex justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
          >
            {t("getStarted")}
            {/* "Get Started" alone does not say where it leads to a screen reader listing links. */}
            <span className="sr-only">
              {" "}
              {t("getStartedContext", { solution: t(`items.${slug}.title`) })}
            </span>
          </IntakeLink>
          <IntentLink
            href={home}
            className="inline-flex justify-center rounded-full border border-border px-6 py-3 font-semibold transition hover:bg-surface-strong"
          >
            {t("backHome")}
          </IntentLink>
        </div>
      </article>
      <section aria-labelledby="more-solutions" className="border-t border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="more-solutions" className="font-display text-2xl font-semibold">
            {t("moreTitle")}
          </h2>
          <div className="mt-8">
            <SolutionLinks locale={locale} except={slug} labelledBy="more-solutions" />
          </div>
        </div>
      </section>
    </>
  );
}

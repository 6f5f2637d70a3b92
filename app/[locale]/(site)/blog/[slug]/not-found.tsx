import { getLocale, getTranslations } from "next-intl/server";
import NextLink from "next/link";
import { ARTICLE_SLUGS } from "@/lib/content/blog";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

// Rendered for unknown slugs at request time; the layout has already set the request locale.
export default async function ArticleNotFound() {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations({ locale, namespace: "Blog" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  const tCode = await getTranslations({ locale, namespace: "NotFound" });
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      <title>{tMeta("notFoundTitle", { brand: site.name })}</title>
      <p className="font-mono text-sm font-semibold tracking-widest text-accent-text uppercase">{tCode("code")}</p>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance">{t("notFound.title")}</h1>
      <p id="article-list-title" className="mt-4 text-lg text-muted">{t("notFound.body")}</p>
      <ul aria-labelledby="article-list-title" className="mt-8 space-y-3">
        {ARTICLE_SLUGS.map((slug) => (
          <li key={slug}>
            <NextLink href={localizedPath(`/blog/${slug}`, locale)} className="block rounded-xl border border-border p-4 font-semibold transition-colors hover:border-accent">
              {t(`articles.${slug}.title`)}
            </NextLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

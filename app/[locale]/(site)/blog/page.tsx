import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { ArticleCard } from "@/components/site/article-card";
import { blogFeedLinks } from "@/lib/content/article-feed";
import { publishedArticles } from "@/lib/content/public-articles";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { site } from "@/lib/site";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

// Rebuilt on publish and edit (lib/content/revalidate.ts), and at most about 30 seconds stale elsewhere.
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export async function generateMetadata({ params }: PageProps<"/[locale]/blog">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Blog" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  const metadata = buildPageMetadata({
    locale,
    pathname: "/blog",
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription"),
    keywords: tMeta("keywords")
      .split(",")
      .map((keyword) => keyword.trim()),
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
  });
  return { ...metadata, alternates: { ...metadata.alternates, types: blogFeedLinks(locale) } };
}

export default async function BlogIndexPage({ params }: PageProps<"/[locale]/blog">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "Blog" });
  const articles = await publishedArticles(locale);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">
        {t("title")}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">{t("lead")}</p>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {articles.map((article, index) => (
          <li key={article.id}>
            <ArticleCard
              article={article}
              locale={locale}
              headingLevel="h2"
              isAboveFold={index === 0}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { JsonLd } from "@/components/seo/json-ld";
import { StaticImage } from "@/components/ui/static-image";
import { renderArticleBody } from "@/lib/content/markdown";
import { findPublishedArticle, publishedArticles } from "@/lib/content/public-articles";
import { routing, type Locale } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage, SOCIAL_IMAGE_SIZE } from "@/lib/seo/social-image";
import { articleJsonLd } from "@/lib/seo/structured-data";
import { site } from "@/lib/site";
import { ArticleCard } from "@/components/site/article-card";
import { IntakeLink } from "@/components/site/intake-link";
import { blogFeedLinks } from "@/lib/content/article-feed";
import { leadFormLink } from "@/lib/leads/intake-links";

// Articles are records (docs/decisions/018-content-records.md): those live at build time are
// prerendered, a newer one on its first visit (an unknown slug then answers 404 through not-found.tsx
// beside this page); every page is rebuilt on publish and edit, and at most about 30 seconds stale on
// an instance that did not make the change.
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export async function generateStaticParams({ params }: { params: { locale: string } }) {
  if (!hasLocale(routing.locales, params.locale)) return [];
  return (await publishedArticles(params.locale)).map((article) => ({ slug: article.slug }));
}

const lookUp = cache((locale: Locale, slug: string) => findPublishedArticle(locale, slug));

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/blog/[slug]">): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const found = await lookUp(locale, slug);
  if (found.kind !== "article") return {};
  const { article } = found;
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  const paths = Object.fromEntries(
    Object.entries(article.slugs).map(([other, otherSlug]) => [
      other,
      localizedPath(`/blog/${otherSlug}`, other as Locale),
    ]),
  ) as Record<Locale, string>;
  const hasAlternates = routing.locales.every((other) => article.slugs[other]);
  const metadata = buildPageMetadata({
    locale,
    pathname: `/blog/${article.slug}`,
    title: `${article.seoTitle || article.title} · ${site.name}`,
    description: article.seoDescription || article.excerpt,
    keywords: article.tags.length > 0 ? article.tags : undefined,
    image: article.cover
      ? {
          path: article.cover.socialUrl,
          ...SOCIAL_IMAGE_SIZE,
          alt: article.cover.alt || article.title,
        }
      : defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
    hasAlternates,
    paths: hasAlternates ? { byLocale: paths, xDefault: paths[routing.defaultLocale] } : undefined,
  });
  return {
    ...metadata,
    alternates: { ...metadata.alternates, types: blogFeedLinks(locale) },
    openGraph: {
      ...metadata.openGraph,
      type: "article",
      publishedTime: article.publishedAt.toISOString(),
      modifiedTime: article.updatedAt.toISOString(),
    },
  };
}

export default async function ArticlePage({ params }: PageProps<"/[locale]/blog/[slug]">) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const found = await lookUp(locale, slug);
  // A slug an article had before it changed is a permanent redirect to where it lives now.
  if (found.kind === "moved") permanentRedirect(localizedPath(`/blog/${found.slug}`, locale));
  // Deliberate (docs/product.md#deliberate-differences-from-the-original-site): an unknown slug is a 404, not a copy of the first article.
  if (found.kind === "missing") notFound();
  const { article } = found;
  const t = await getTranslations({ locale, namespace: "Blog" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  const format = await getFormatter({ locale });
  const related = (await publishedArticles(locale, 4))
    .filter((other) => other.id !== article.id)
    .slice(0, 3);
  const blog = localizedPath("/blog", locale);
  const date = article.publishedAt.toISOString().slice(0, 10);
  // Not prefetched: the router would guess the one-segment Spanish address /blog is a locale and ask for a segment that does not exist.

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
        <JsonLd
          data={articleJsonLd({
            locale,
            slug: article.slug,
            title: article.title,
            description: article.excerpt,
            datePublished: article.publishedAt.toISOString(),
            dateModified: article.updatedAt.toISOString(),
            authorName: article.authorName,
            image: article.cover?.socialUrl ?? null,
          })}
        />
        <IntentLink
          href={blog}
          prefetch={false}
          className="inline-block py-1 text-sm font-medium text-highlight underline-offset-4 hover:underline"
        >
          ← {t("backToBlog")}
        </IntentLink>
        <h1 className="mt-8 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {article.title}
        </h1>
        <p className="mt-4 text-sm text-muted">
          {t.rich("published", {
            date: () => (
              <time dateTime={date}>
                {format.dateTime(article.publishedAt, {
                  dateStyle: "long",
                  timeZone: "UTC",
                })}
              </time>
            ),
          })}
        </p>
        <p className="mt-6 text-xl text-muted">{article.excerpt}</p>
        {article.cover && (
          <StaticImage
            src={article.cover.url}
            alt={article.cover.alt}
            width={article.cover.width}
            height={article.cover.height}
            isPriority
            className="mt-10 h-auto w-full rounded-2xl"
          />
        )}
        <div
          className="article-body"
          // The renderer's allow-list (lib/content/markdown.ts) keeps raw HTML out: this is safe to insert.
          dangerouslySetInnerHTML={{ __html: renderArticleBody(article.body) }}
        />
        <aside
          aria-labelledby="article-cta"
          className="mt-14 rounded-3xl bg-ink-950 p-6 text-mist-50 sm:p-10"
        >
          <h2 id="article-cta" className="font-display text-2xl font-semibold tracking-tight">
            {t("articleCta.title")}
          </h2>
          <p className="mt-3 text-mist-300">{t("articleCta.lead")}</p>
          <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
            <IntakeLink
              target={leadFormLink(locale)}
              newTabText={tCommon("opensInNewTab")}
              className="inline-flex justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
            >
              {t("articleCta.button")}
            </IntakeLink>
            <a
              href={`${localizedPath("/", locale)}#lead_form`}
              className="py-1 text-sm text-mist-300 underline underline-offset-4 hover:text-mist-50"
            >
              {t("articleCta.contactForm")}
            </a>
          </div>
        </aside>
        <IntentLink
          href={blog}
          prefetch={false}
          className="mt-10 inline-flex rounded-full border border-border px-6 py-3 font-semibold transition hover:bg-surface-strong"
        >
          ← {t("backToBlog")}
        </IntentLink>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-articles" className="border-t border-border bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="related-articles" className="font-display text-2xl font-semibold">
              {t("relatedTitle")}
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((other) => (
                <li key={other.id}>
                  <ArticleCard article={other} locale={locale} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}

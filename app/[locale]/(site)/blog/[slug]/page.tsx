import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/seo/json-ld";
import { StaticImage } from "@/components/ui/static-image";
import { ARTICLE_SLUGS, articleCover, isArticleSlug } from "@/lib/content/blog";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { SOCIAL_IMAGE_SIZE, socialImageOf } from "@/lib/seo/social-image";
import { articleJsonLd } from "@/lib/seo/structured-data";
import { site } from "@/lib/site";
import { ArticleCard } from "@/components/site/article-card";
import { IntakeLink } from "@/components/site/intake-link";
import { relatedArticles } from "@/lib/content/related-articles";
import { leadFormLink } from "@/lib/leads/intake-links";

// Unknown slugs are not routes at all, so they get the server-rendered 404 (app/global-not-found.tsx).
export const dynamicParams = false;

export function generateStaticParams() {
  return ARTICLE_SLUGS.map((slug) => ({ slug }));
}

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/blog/[slug]">): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale) || !isArticleSlug(slug)) return {};
  const t = await getTranslations({ locale, namespace: "Blog" });
  const title = t(`articles.${slug}.title`);
  const metadata = buildPageMetadata({
    locale,
    pathname: `/blog/${slug}`,
    title: `${title} · ${site.name}`,
    description: t(`articles.${slug}.excerpt`),
    keywords: (t.raw(`articles.${slug}.sections`) as { heading: string }[]).map(
      (section) => section.heading,
    ),
    image: socialImageOf(articleCover(slug), SOCIAL_IMAGE_SIZE, title),
  });
  return {
    ...metadata,
    openGraph: {
      ...metadata.openGraph,
      type: "article",
      publishedTime: t(`articles.${slug}.date`),
    },
  };
}

export default async function ArticlePage({ params }: PageProps<"/[locale]/blog/[slug]">) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Deliberate (docs/product.md#deliberate-differences-from-the-original-site): an unknown slug is a 404, not a copy of the first article.
  if (!isArticleSlug(slug)) notFound();
  const t = await getTranslations({ locale, namespace: "Blog" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  const format = await getFormatter({ locale });
  const related = relatedArticles(slug);
  const title = t(`articles.${slug}.title`);
  const excerpt = t(`articles.${slug}.excerpt`);
  const date = t(`articles.${slug}.date`);
  const sections = t.raw(`articles.${slug}.sections`) as { heading: string; body: string }[];
  const blog = localizedPath("/blog", locale);
  // Not prefetched: the router would guess the one-segment Spanish address /blog is a locale and ask for a segment that does not exist.

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
        <JsonLd
          data={articleJsonLd({
            locale,
            slug,
            title,
            description: excerpt,
            datePublished: date,
            image: socialImageOf(articleCover(slug), SOCIAL_IMAGE_SIZE, title).path,
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
          {title}
        </h1>
        <p className="mt-4 text-sm text-muted">
          {t.rich("published", {
            date: () => (
              <time dateTime={date}>
                {format.dateTime(new Date(`${date}T12:00:00Z`), {
                  dateStyle: "long",
                  timeZone: "UTC",
                })}
              </time>
            ),
          })}
        </p>
        <p className="mt-6 text-xl text-muted">{excerpt}</p>
        <StaticImage
          src={articleCover(slug)}
          alt=""
          width={1200}
          height={630}
          isPriority
          className="mt-10 h-auto w-full rounded-2xl"
        />
        {sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="font-display text-2xl font-semibold tracking-tight">
              {section.heading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{section.body}</p>
          </section>
        ))}
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
                <li key={other}>
                  <ArticleCard slug={other} locale={locale} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}

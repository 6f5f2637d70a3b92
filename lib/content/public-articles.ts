import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ArticleLocale } from "./article.schema";
import { contentImageSocialUrl, contentImageUrl } from "./content-image-url";
import { RELATED_ARTICLE_IDS, type RelatedArticleKey } from "./related-articles";

/** An article as the public site shows it in one language. */
export interface PublicArticle {
  id: string;
  locale: ArticleLocale;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  seoTitle: string | null;
  seoDescription: string | null;
  cover: { url: string; socialUrl: string; alt: string; width: number; height: number } | null;
  tags: string[];
  authorName: string | null;
  publishedAt: Date;
  updatedAt: Date;
  /** The article's slug in each language it exists in (for hreflang and the language switch). */
  slugs: Partial<Record<ArticleLocale, string>>;
}

/**
 * Live on the site: published, or scheduled and due (the job that flips the status may run a few
 * seconds after the time; readers should not wait on it).
 */
const live = (now: Date): Prisma.ArticleWhereInput => ({
  OR: [{ status: "published" }, { status: "scheduled", scheduledAt: { lte: now } }],
});

const include = {
  translations: {
    include: { coverImage: { select: { id: true, mime: true, width: true, height: true } } },
  },
} as const;
type Row = Prisma.ArticleGetPayload<{ include: typeof include }>;

function toPublic(row: Row, locale: ArticleLocale, authors: Map<string, string>): PublicArticle {
  const t = row.translations.find((candidate) => candidate.locale === locale)!;
  const publishedAt = row.publishedAt ?? row.scheduledAt ?? row.createdAt;
  return {
    id: row.id,
    locale,
    title: t.title,
    slug: t.slug,
    excerpt: t.excerpt,
    body: t.body,
    seoTitle: t.seoTitle,
    seoDescription: t.seoDescription,
    cover: t.coverImage
      ? {
          url: contentImageUrl(t.coverImage),
          socialUrl: contentImageSocialUrl(t.coverImage),
          alt: t.coverAlt,
          width: t.coverImage.width,
          height: t.coverImage.height,
        }
      : null,
    tags: row.tags,
    authorName: row.authorId ? (authors.get(row.authorId) ?? null) : null,
    publishedAt,
    updatedAt:
      row.contentUpdatedAt && row.contentUpdatedAt > publishedAt
        ? row.contentUpdatedAt
        : publishedAt,
    slugs: Object.fromEntries(row.translations.map((other) => [other.locale, other.slug])),
  };
}

async function authorNames(rows: Row[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((row) => (row.authorId ? [row.authorId] : []));
  if (ids.length === 0) return new Map();
  const accounts = await db.staffAccount.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true },
  });
  return new Map(accounts.map((account) => [account.id, account.name]));
}

/** The articles readers of `locale` see, newest first; one written only in the other language is absent. */
export async function publishedArticles(
  locale: ArticleLocale,
  limit?: number,
  now = new Date(),
): Promise<PublicArticle[]> {
  const rows = await db.article.findMany({
    where: { ...live(now), translations: { some: { locale } } },
    include,
    orderBy: [{ publishedAt: { sort: "desc", nulls: "last" } }, { scheduledAt: "desc" }],
    ...(limit && { take: limit }),
  });
  const authors = await authorNames(rows);
  return rows
    .map((row) => toPublic(row, locale, authors))
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}

/**
 * The questionnaire's reading of each kind, in each language, by title and slug: the article brought in
 * for it while it is live in that language, else the newest live article, else none (the thank-you then
 * offers no reading).
 */
export async function relatedReading(
  now = new Date(),
): Promise<
  Record<ArticleLocale, Record<RelatedArticleKey, { title: string; slug: string } | null>>
> {
  const inLocale = async (locale: ArticleLocale) => {
    const articles = await publishedArticles(locale, undefined, now);
    const pick = (id: string) => articles.find((article) => article.id === id) ?? articles[0];
    return Object.fromEntries(
      Object.entries(RELATED_ARTICLE_IDS).map(([key, id]) => {
        const article = pick(id);
        return [key, article ? { title: article.title, slug: article.slug } : null];
      }),
    ) as Record<RelatedArticleKey, { title: string; slug: string } | null>;
  };
  const [es, en] = await Promise.all([inLocale("es"), inLocale("en")]);
  return { es, en };
}

export type ArticleLookup =
  | { kind: "article"; article: PublicArticle }
  | { kind: "moved"; slug: string }
  | { kind: "missing" };

/** The live article at a slug in `locale`, or where an old slug of one moved to. */
export async function findPublishedArticle(
  locale: ArticleLocale,
  slug: string,
  now = new Date(),
): Promise<ArticleLookup> {
  const row = await db.article.findFirst({
    where: { ...live(now), translations: { some: { locale, slug } } },
    include,
  });
  if (row) return { kind: "article", article: toPublic(row, locale, await authorNames([row])) };
  const redirect = await db.articleSlugRedirect.findUnique({
    where: { locale_oldSlug: { locale, oldSlug: slug } },
    include: { article: { include: { translations: { where: { locale } } } } },
  });
  const target = redirect?.article.translations[0];
  if (redirect && target && ["published", "scheduled"].includes(redirect.article.status))
    return { kind: "moved", slug: target.slug };
  return { kind: "missing" };
}

/** Every live article with its slug per language and the day it last changed, for the sitemap. */
export async function articlesForSitemap(
  now = new Date(),
): Promise<{ slugs: Partial<Record<ArticleLocale, string>>; lastModified: string }[]> {
  const [es, en] = await Promise.all([
    publishedArticles("es", undefined, now),
    publishedArticles("en", undefined, now),
  ]);
  const byId = new Map<string, PublicArticle>();
  for (const article of [...es, ...en]) byId.set(article.id, article);
  return [...byId.values()].map((article) => ({
    slugs: article.slugs,
    lastModified: article.updatedAt.toISOString().slice(0, 10),
  }));
}

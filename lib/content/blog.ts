/** Blog articles, newest first; their text lives in messages under Blog.articles. */
export const ARTICLE_SLUGS = [
  "scaling-ai-beyond-the-pilot",
  "integrate-ai-without-disruption",
  "top-enterprise-ai-use-cases-2025",
] as const;
export type ArticleSlug = (typeof ARTICLE_SLUGS)[number];

export function isArticleSlug(value: string): value is ArticleSlug {
  return (ARTICLE_SLUGS as readonly string[]).includes(value);
}

/** Cover artwork of each article, under public/images/blog/. */
export function articleCover(slug: ArticleSlug): string {
  return `/images/blog/${slug}.svg`;
}

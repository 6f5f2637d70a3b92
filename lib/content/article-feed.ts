import type { Locale } from "@/lib/i18n/routing";
import { pathInLocale as localizedPath } from "@/lib/i18n/locale-path";
import { site } from "@/lib/site";
import type { PublicArticle } from "./public-articles";

/** The blog's RSS feed in a language: /blog/rss.xml and /en/blog/rss.xml. */
export const blogFeedPath = (locale: Locale) => localizedPath("/blog/rss.xml", locale);

/** For a page's metadata: `<link rel="alternate" type="application/rss+xml">` to its language's feed. */
export function blogFeedLinks(locale: Locale) {
  return { "application/rss+xml": blogFeedPath(locale) };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** RSS 2.0: the newest articles of one language, each with its excerpt and a permanent link. */
export function renderBlogFeed(
  locale: Locale,
  articles: PublicArticle[],
  text: { title: string; description: string },
  origin: string = site.siteUrl,
): string {
  const blogUrl = `${origin}${localizedPath("/blog", locale)}`;
  const items = articles.map((article) => {
    const url = `${origin}${localizedPath(`/blog/${article.slug}`, locale)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="false">${article.id}</guid>`,
      `      <pubDate>${article.publishedAt.toUTCString()}</pubDate>`,
      `      <description>${escapeXml(article.excerpt)}</description>`,
      ...article.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ].join("\n");
  });
  const newest = articles[0]?.updatedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(text.title)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(text.description)}</description>`,
    `    <language>${locale}</language>`,
    `    <atom:link href="${escapeXml(`${origin}${blogFeedPath(locale)}`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

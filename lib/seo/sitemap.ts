import { routing, type Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";
import { lastModifiedOn } from "./content-dates";
import { localizedPath } from "./metadata";
import { indexablePublicPaths, publicPagePaths } from "./public-pages";

export type ChangeFrequency = "weekly" | "monthly" | "yearly";

export interface SitemapEntry {
  url: string;
  /** YYYY-MM-DD: when the page's content last changed. */
  lastModified: string;
  changeFrequency: ChangeFrequency;
  priority: number;
  /** hreflang (es, en, x-default) → absolute URL. */
  alternates: Record<string, string>;
}

function changeFrequencyOf(path: string): ChangeFrequency {
  if (path === "/" || path === "/blog" || path === "/careers") return "weekly";
  if (path === "/privacy-policy" || path === "/terms-and-conditions") return "yearly";
  return "monthly";
}

/** A live article as the sitemap lists it: its slug in each language it is written in. */
export interface SitemapArticle {
  slugs: Partial<Record<Locale, string>>;
  /** YYYY-MM-DD: published, or last edited while published. */
  lastModified: string;
}

/**
 * Every public page in both languages, each naming its alternates and when its content last changed;
 * then each live article in the languages it exists in (hreflang only when it has both).
 */
export function sitemapEntries(
  origin: string = site.siteUrl,
  articles: readonly SitemapArticle[] = [],
): SitemapEntry[] {
  const articleDates = articles.map((article) => article.lastModified);
  const pages = indexablePublicPaths().flatMap((path) => {
    const paths = publicPagePaths(path);
    const lastModified = lastModifiedOn(path, undefined, articleDates);
    if (!lastModified) throw new Error(`No content date for the public page ${path}`);
    const alternates = {
      ...Object.fromEntries(
        routing.locales.map((locale) => [locale, `${origin}${paths.byLocale[locale]}`]),
      ),
      "x-default": `${origin}${paths.xDefault}`,
    };
    return routing.locales.map((locale) => ({
      url: `${origin}${paths.byLocale[locale]}`,
      lastModified,
      changeFrequency: changeFrequencyOf(path),
      priority: path === "/" ? 1 : 0.7,
      alternates,
    }));
  });
  return [...pages, ...articles.flatMap((article) => articleEntries(article, origin))];
}

function articleEntries(article: SitemapArticle, origin: string): SitemapEntry[] {
  const urls = routing.locales.flatMap((locale) => {
    const slug = article.slugs[locale];
    return slug ? [[locale, `${origin}${localizedPath(`/blog/${slug}`, locale)}`] as const] : [];
  });
  const alternates: Record<string, string> =
    urls.length === routing.locales.length
      ? {
          ...Object.fromEntries(urls),
          "x-default": Object.fromEntries(urls)[routing.defaultLocale]!,
        }
      : {};
  return urls.map(([, url]) => ({
    url,
    lastModified: article.lastModified,
    changeFrequency: "monthly",
    priority: 0.7,
    alternates,
  }));
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/**
 * The sitemap document. Written here rather than by Next's sitemap.ts, whose serializer puts each
 * `xhtml:link` before `changefreq` and `priority`: the sitemaps.org schema wants `loc`, `lastmod`,
 * `changefreq`, `priority`, then the elements of other namespaces.
 */
export function renderSitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      "<url>",
      `<loc>${escapeXml(entry.url)}</loc>`,
      `<lastmod>${entry.lastModified}</lastmod>`,
      `<changefreq>${entry.changeFrequency}</changefreq>`,
      `<priority>${entry.priority.toFixed(1)}</priority>`,
      ...Object.entries(entry.alternates).map(
        ([hreflang, href]) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
      ),
      "</url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

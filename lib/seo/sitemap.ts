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

/** An open job as the sitemap lists it (a closed one keeps its page, saying so, but leaves the sitemap). */
export interface SitemapJob {
  id: string;
  /** The languages it is written in. */
  locales: readonly Locale[];
  /** YYYY-MM-DD: posted, or last changed while open. */
  lastModified: string;
  /** YYYY-MM-DD: when it went up (the careers index's date). */
  datePosted: string;
}

/**
 * Every public page in both languages, each naming its alternates and when its content last changed;
 * then each live article and open job in the languages it exists in (hreflang only when it has both).
 */
export function sitemapEntries(
  origin: string = site.siteUrl,
  articles: readonly SitemapArticle[] = [],
  jobs: readonly SitemapJob[] = [],
): SitemapEntry[] {
  const articleDates = articles.map((article) => article.lastModified);
  const jobDates = jobs.map((job) => job.datePosted);
  const pages = indexablePublicPaths().flatMap((path) => {
    const paths = publicPagePaths(path);
    const lastModified = lastModifiedOn(path, jobDates, articleDates);
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
  return [
    ...pages,
    ...articles.flatMap((article) =>
      recordEntries(
        Object.fromEntries(
          Object.entries(article.slugs).map(([locale, slug]) => [locale, `/blog/${slug}`]),
        ),
        article.lastModified,
        origin,
      ),
    ),
    ...jobs.flatMap((job) =>
      recordEntries(
        Object.fromEntries(job.locales.map((locale) => [locale, `/careers/${job.id}`])),
        job.lastModified,
        origin,
      ),
    ),
  ];
}

/** A record's pages (an article, a job) in the languages it is written in. */
function recordEntries(
  pathByLocale: Partial<Record<string, string>>,
  lastModified: string,
  origin: string,
): SitemapEntry[] {
  const urls = routing.locales.flatMap((locale) => {
    const path = pathByLocale[locale];
    return path ? [[locale, `${origin}${localizedPath(path, locale)}`] as const] : [];
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
    lastModified,
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

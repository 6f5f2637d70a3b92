// GET /sitemap.xml (rewritten here by next.config.ts): every public page in both languages, valid
// against the sitemaps.org schema; the articles, the open jobs and their lastmod come from the records.
import { openJobs } from "@/lib/careers/careers.service";
import type { Locale } from "@/lib/i18n/routing";
import { articlesForSitemap } from "@/lib/content/public-articles";
import { renderSitemapXml, sitemapEntries } from "@/lib/seo/sitemap";
import { site } from "@/lib/site";

// Prerendered with the pages and rebuilt with the blog (lib/content/revalidate.ts); its dates come
// from the content, not from the request.
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export async function GET() {
  const jobs = (await openJobs()).map((job) => ({
    id: job.id,
    locales: Object.keys(job.texts) as Locale[],
    lastModified: job.lastModified,
    datePosted: job.datePosted,
  }));
  const entries = sitemapEntries(site.siteUrl, await articlesForSitemap(), jobs);
  return new Response(renderSitemapXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}

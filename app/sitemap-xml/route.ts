// GET /sitemap.xml (rewritten here by next.config.ts): every public page in both languages, valid
// against the sitemaps.org schema; the articles and their lastmod come from the records.
import { articlesForSitemap } from "@/lib/content/public-articles";
import { renderSitemapXml, sitemapEntries } from "@/lib/seo/sitemap";
import { site } from "@/lib/site";

// Prerendered with the pages and rebuilt with the blog (lib/content/revalidate.ts); its dates come
// from the content, not from the request.
export const revalidate = 60;

export async function GET() {
  return new Response(renderSitemapXml(sitemapEntries(site.siteUrl, await articlesForSitemap())), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}

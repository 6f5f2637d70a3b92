// GET /sitemap.xml (rewritten here by next.config.ts): every public page in both languages, valid
// against the sitemaps.org schema.
import { renderSitemapXml, sitemapEntries } from "@/lib/seo/sitemap";

// Built once with the pages: its dates come from the content, not from the request.
export const dynamic = "force-static";

export function GET() {
  return new Response(renderSitemapXml(sitemapEntries()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}

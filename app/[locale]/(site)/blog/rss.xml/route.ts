// GET /blog/rss.xml and /en/blog/rss.xml: the blog's RSS 2.0 feed in each language.
import { hasLocale } from "next-intl";
import { getTranslations } from "next-intl/server";
import { renderBlogFeed } from "@/lib/content/article-feed";
import { publishedArticles } from "@/lib/content/public-articles";
import { routing } from "@/lib/i18n/routing";
import { site } from "@/lib/site";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

// Prerendered like the blog itself and rebuilt with it (lib/content/revalidate.ts).
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: RouteContext<"/[locale]/blog/rss.xml">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response("Not found", { status: 404 });
  const t = await getTranslations({ locale, namespace: "Blog" });
  const xml = renderBlogFeed(locale, await publishedArticles(locale, 50), {
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription"),
  });
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}

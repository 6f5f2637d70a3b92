import type { MetadataRoute } from "next";
import { routing } from "@/lib/i18n/routing";
import { indexablePublicPaths, publicPagePaths } from "@/lib/seo/public-pages";
import { site } from "@/lib/site";

/** Every public page in both languages, each entry naming its alternates (hreflang es, en, x-default). */
export default function sitemap(): MetadataRoute.Sitemap {
  return indexablePublicPaths().flatMap((path) => {
    const paths = publicPagePaths(path);
    const languages = {
      ...Object.fromEntries(
        routing.locales.map((locale) => [locale, `${site.siteUrl}${paths.byLocale[locale]}`]),
      ),
      "x-default": `${site.siteUrl}${paths.xDefault}`,
    };
    return routing.locales.map((locale) => ({
      url: `${site.siteUrl}${paths.byLocale[locale]}`,
      changeFrequency:
        path === "/" || path === "/blog" ? ("weekly" as const) : ("monthly" as const),
      priority: path === "/" ? 1 : 0.7,
      alternates: { languages },
    }));
  });
}

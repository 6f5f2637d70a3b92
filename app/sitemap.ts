import type { MetadataRoute } from "next";
import { routing } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { indexablePublicPaths } from "@/lib/seo/public-pages";
import { site } from "@/lib/site";

/** Every public page in both languages, each entry naming its alternates (hreflang es, en, x-default). */
export default function sitemap(): MetadataRoute.Sitemap {
  const url = (path: string, locale: (typeof routing.locales)[number]) =>
    `${site.siteUrl}${localizedPath(path, locale)}`;
  return indexablePublicPaths().flatMap((path) => {
    const languages = {
      ...Object.fromEntries(routing.locales.map((locale) => [locale, url(path, locale)])),
      "x-default": url(path, routing.defaultLocale),
    };
    return routing.locales.map((locale) => ({
      url: url(path, locale),
      changeFrequency:
        path === "/" || path === "/blog" ? ("weekly" as const) : ("monthly" as const),
      priority: path === "/" ? 1 : 0.7,
      alternates: { languages },
    }));
  });
}

import type { MetadataRoute } from "next";
import { PRIVATE_PATH_PREFIXES } from "@/lib/seo/public-pages";
import { site } from "@/lib/site";

// No `Host:` line: it is a Yandex-only directive that takes a bare host name, and other crawlers
// flag a full URL there as an error; the canonical origin is already in the sitemap and every page.
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: [...PRIVATE_PATH_PREFIXES] }],
    sitemap: `${site.siteUrl}/sitemap.xml`,
  };
}

import type { Metadata } from "next";
import { pathInLocale } from "@/lib/i18n/locale-path";
import { routing, type Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";
import type { SocialImage } from "./social-image";

const OPEN_GRAPH_LOCALE: Record<Locale, string> = { es: "es_ES", en: "en_US" };

export interface PageMetadataInput {
  locale: Locale;
  /** The page's path without locale prefix, e.g. "/" or "/blog/some-slug". */
  pathname: string;
  title: string;
  description: string;
  keywords?: string[];
  /** Keeps the page out of search engines (robots "noindex, nofollow"). */
  noIndex?: boolean;
  /**
   * The picture social networks and chat apps show for a link to the page (og:image, twitter:image):
   * a PNG or JPEG under public/, never SVG. Required, so no public page goes without one.
   */
  image: SocialImage;
  /** Set false for pages that exist in one language only. */
  hasAlternates?: boolean;
  /** Addresses for pages outside the `/en` scheme (the /optin landing); default: derived from `pathname`. */
  paths?: LocalizedPaths;
}

/** A page's address in each language, and the one for visitors of any other language. */
export interface LocalizedPaths {
  byLocale: Record<Locale, string>;
  xDefault: string;
}

/** URL path of a page in a locale: Spanish unprefixed, English under /en. */
export function localizedPath(pathname: string, locale: Locale): string {
  return pathInLocale(pathname, locale);
}

/** Title, description, canonical, hreflang (es, en, x-default), Open Graph, Twitter card and robots for one public page. */
export function buildPageMetadata({
  locale,
  pathname,
  title,
  description,
  keywords,
  noIndex = false,
  image,
  hasAlternates = true,
  paths = {
    byLocale: Object.fromEntries(
      routing.locales.map((l) => [l, localizedPath(pathname, l)]),
    ) as Record<Locale, string>,
    xDefault: localizedPath(pathname, routing.defaultLocale),
  },
}: PageMetadataInput): Metadata {
  const canonical = paths.byLocale[locale];
  const images = [{ url: image.path, width: image.width, height: image.height, alt: image.alt }];
  return {
    metadataBase: new URL(site.siteUrl),
    title,
    description,
    keywords,
    alternates: {
      canonical,
      languages: hasAlternates ? { ...paths.byLocale, "x-default": paths.xDefault } : undefined,
    },
    openGraph: {
      type: "website",
      siteName: site.name,
      url: canonical,
      title,
      description,
      locale: OPEN_GRAPH_LOCALE[locale],
      alternateLocale: routing.locales.filter((l) => l !== locale).map((l) => OPEN_GRAPH_LOCALE[l]),
      images,
    },
    twitter: {
      card: "summary_large_image",
      title,
      description,
      images: images.map((i) => ({ url: i.url, alt: i.alt })),
    },
    robots: noIndex ? { index: false, follow: false } : { index: true, follow: true },
  };
}

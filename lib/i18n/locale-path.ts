import { routing, type Locale } from "./routing";

/**
 * The same page's address in `locale`, from any form of its address (`/en/blog`, `/es/blog` or `/blog`):
 * Spanish unprefixed, English under `/en`. The client-side language switcher uses this instead of
 * next-intl's navigation hooks, which would put next-intl's runtime and its provider in every page's first load.
 */
export function pathInLocale(pathname: string, locale: Locale): string {
  const segments = pathname.split("/").filter(Boolean);
  if ((routing.locales as readonly string[]).includes(segments[0] ?? "")) segments.shift();
  if (locale !== routing.defaultLocale) segments.unshift(locale);
  return `/${segments.join("/")}`;
}

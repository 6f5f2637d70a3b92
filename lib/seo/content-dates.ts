import { careersPath } from "@/lib/careers/careers.service";
import { SOLUTION_SLUGS } from "@/lib/content/content.service";
import { LEGAL_EFFECTIVE_DATES } from "@/lib/legal/legal.service";
import { PRIVACY_PATH, TERMS_PATH } from "@/lib/legal/legal.service";

/**
 * The day the copy of each page without a dated source of its own last changed (YYYY-MM-DD), for
 * the sitemap's lastmod. Bump a date with any change a reader would notice on that page; layout
 * and styling changes do not count. Never derived from the clock, or every crawl would look like news.
 */
export const PAGE_COPY_DATES = {
  home: "2026-11-22",
  solutions: "2026-11-22",
  blog: "2026-11-22",
  careers: "2026-11-23",
  optin: "2026-11-23",
} as const;

/** The newer of two ISO dates (YYYY-MM-DD sorts as text). */
const newest = (...dates: string[]) => dates.reduce((a, b) => (b > a ? b : a));

/**
 * When the content of a public page (path without locale prefix) last changed: an article's
 * publication date and a job's last change (the sitemap takes those from the records: lib/seo/sitemap.ts), a legal document's effective date, and for the lists
 * the newest of their own copy and what they list. Undefined for a path that is not a public page.
 */
export function lastModifiedOn(
  path: string,
  /** The open jobs' posting days (YYYY-MM-DD), for the careers index. */
  jobDates: readonly string[] = [],
  /** The days the live articles last changed (YYYY-MM-DD), for the blog index. */
  articleDates: readonly string[] = [],
): string | undefined {
  if (path === "/") return PAGE_COPY_DATES.home;
  if (path === "/optin") return PAGE_COPY_DATES.optin;
  if (path === PRIVACY_PATH) return LEGAL_EFFECTIVE_DATES.Privacy;
  if (path === TERMS_PATH) return LEGAL_EFFECTIVE_DATES.Terms;
  if (path === "/blog") return newest(PAGE_COPY_DATES.blog, ...articleDates);
  if (path === careersPath()) return newest(PAGE_COPY_DATES.careers, ...jobDates);
  if (SOLUTION_SLUGS.some((slug) => path === `/solutions/${slug}`))
    return PAGE_COPY_DATES.solutions;
  return undefined;
}

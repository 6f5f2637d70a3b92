import { careersPath, openJobs } from "@/lib/careers/jobs";
import { ARTICLE_SLUGS } from "@/lib/content/blog";
import { SOLUTION_SLUGS } from "@/lib/content/solutions";

/**
 * Every indexable public page, without locale prefix; each exists in Spanish and English.
 * /booking-confirmation is left out on purpose: it is noindex.
 */
export function indexablePublicPaths(): string[] {
  return [
    "/",
    ...SOLUTION_SLUGS.map((slug) => `/solutions/${slug}`),
    "/blog",
    ...ARTICLE_SLUGS.map((slug) => `/blog/${slug}`),
    "/careers",
    // A closed role keeps its page (saying so) but leaves the sitemap.
    ...openJobs().map((job) => careersPath(job.id)),
    "/privacy-policy",
    "/terms-and-conditions",
    // The opt-in questionnaire is one page that switches language in place (`?lang=en` opens it in English).
    "/optin",
  ];
}

/** Internal tools that search engines must not crawl. */
export const PRIVATE_PATH_PREFIXES = [
  "/api/",
  "/crm",
  "/analytics",
  "/proposal/",
  "/proposals/",
] as const;

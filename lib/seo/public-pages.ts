import { ARTICLE_SLUGS } from "@/lib/content/blog";
import { SOLUTION_SLUGS } from "@/lib/content/solutions";

/** Job pages of the careers area (issue 4); listed here so the sitemap covers them. */
const CAREER_SLUGS = [
  "customer-success-manager",
  "content-creator-social-media",
  "video-editor",
  "ai-software-developer",
] as const;

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
    ...CAREER_SLUGS.map((slug) => `/careers/${slug}`),
    "/privacy-policy",
    "/terms-and-conditions",
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

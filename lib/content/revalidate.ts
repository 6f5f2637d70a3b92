import "server-only";
import { revalidatePath } from "next/cache";

/**
 * What `revalidatePath(path, type)` is given: a route's folder under `app/`, route groups included.
 * Next.js tags every cached page with its file path's folders (`/[locale]/(site)/blog/layout`, …,
 * `/[locale]/(site)/blog/page`), so a pattern without the group (`/[locale]/blog`) matches no page
 * and expires nothing. tests/unit/content/revalidate-paths.test.ts keeps each one pointing at real files.
 */
export const REVALIDATED_ROUTES = {
  /** The home page: its insights and its careers teaser. */
  home: { path: "/[locale]/(site)", type: "page" },
  /** Everything under the blog: the index, every article and both feeds. */
  blog: { path: "/[locale]/(site)/blog", type: "layout" },
  /** Everything under careers: the list, every job page and the dedicated one. */
  careers: { path: "/[locale]/(careers)/careers", type: "layout" },
  sitemap: { path: "/sitemap-xml", type: "layout" },
  /** The questionnaire landing (/optin, /optin/es): its thank-you offers an article. */
  optin: { path: "/(landing)/optin", type: "layout" },
} as const satisfies Record<string, { path: string; type: "page" | "layout" }>;

type RevalidatedRoute = keyof typeof REVALIDATED_ROUTES;

/**
 * Expires these routes' cached pages on this instance: the next visit renders them afresh (a route
 * handler's revalidation takes effect on the next request, not in the background). The other instances
 * pick the change up within their 30-second revalidate interval (one stale copy served while they rebuild). Outside a Next.js server (the worker
 * process, a script) there is nothing to revalidate.
 */
function revalidateRoutes(routes: RevalidatedRoute[]): void {
  try {
    for (const route of routes) {
      const { path, type } = REVALIDATED_ROUTES[route];
      revalidatePath(path, type);
    }
  } catch (error) {
    if (!/static generation store|outside a request scope|Invariant/i.test(String(error)))
      throw error;
  }
}

/** After an article is published, edited, restored, archived or deleted. */
export function revalidateArticlePages(): void {
  revalidateRoutes(["home", "blog", "sitemap", "optin"]);
}

/** After a job opens, changes while listed, or closes. */
export function revalidateJobPages(): void {
  revalidateRoutes(["home", "careers", "sitemap"]);
}

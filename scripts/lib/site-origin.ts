// One origin per deployment. Prerendered pages, the sitemap, robots.txt, canonicals, hreflang and
// JSON-LD bake SITE_URL in at build time while dynamic routes read it at run time, so a production
// build needs it set and a production start must use the very value the pages were built with.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The key next.config.ts records the build's origin under (in `env`, kept in required-server-files.json). */
export const BUILD_SITE_URL_KEY = "AVANZA_BUILD_SITE_URL";

const HOW_TO_SET =
  "Set it to the public address of the site, e.g. `SITE_URL=https://www.example.com` in the environment or in .env.production.";

/** The message for a production build or start without SITE_URL, or null when it is set. */
export function missingSiteUrlProblem(env: Record<string, string | undefined>): string | null {
  if (env.SITE_URL?.trim()) return null;
  return `SITE_URL is not set. Production pages, the sitemap, canonical links and structured data are built from it. ${HOW_TO_SET}`;
}

/** The origin the production build in `distDir` was made with, or null when there is no such build. */
export function readBuildSiteUrl(distDir = path.resolve(".next")): string | null | undefined {
  const file = path.join(distDir, "required-server-files.json");
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as {
    config?: { env?: Record<string, string> };
  };
  // undefined: a build made before the origin was recorded.
  return manifest.config?.env?.[BUILD_SITE_URL_KEY];
}

/** The message for a start whose origin differs from the build's, or null when they agree. */
export function siteUrlMismatchProblem(
  runtimeSiteUrl: string,
  buildSiteUrl: string | null | undefined,
): string | null {
  if (buildSiteUrl === null) return null;
  if (buildSiteUrl === undefined)
    return "this build does not record the SITE_URL it was made with. Rebuild with `npm run build`.";
  if (buildSiteUrl === runtimeSiteUrl) return null;
  return `SITE_URL is ${runtimeSiteUrl}, but the pages were built with SITE_URL=${buildSiteUrl}. Serving both would mix two origins in canonicals, the sitemap and structured data: start with SITE_URL=${buildSiteUrl}, or rebuild with SITE_URL=${runtimeSiteUrl}.`;
}

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, sourceFiles } from "@/tests/support/source-files";

// The public site (app/[locale]) has no not-found.tsx above it: Next.js sends a not-found file's whole
// tree (header, content, footer) in the Server Component payload of every page under it, missing or not,
// 13 kB per document (docs/performance.md). Unknown addresses are unmatched routes, answered by
// app/global-not-found.tsx with a complete 404. A notFound() with no boundary above it would answer with
// Next.js's empty error shell instead, so every notFound() below app/[locale] must either sit in a route
// that refuses unknown params (`dynamicParams = false` on one of its segments: Next.js then refuses the
// whole route, and the call only narrows types the router has already checked), or be caught by a small
// not-found.tsx in (or just above) the folder of a route whose entries are records and render on demand.
//
// `dynamicParams = false` must not be on app/[locale]/layout.tsx: it would refuse every route below it,
// and an article published after the build would be listed on the blog but answer 404.

const SITE = path.join(ROOT, "app/[locale]");
const REFUSES_UNKNOWN_PARAMS = /export const dynamicParams = false;/;

/** Routes whose entries are records, rendered on their first visit; each has a not-found.tsx at or above it. */
const ON_DEMAND_ROUTES = ["(site)/blog/[slug]", "(careers)/careers/[jobId]"];

/** Pages rendered per request (their params are tokens and types checked by the page), never prerendered. */
const PER_REQUEST_ROUTES = ["(booking)/book/[type]", "(booking)/meetings/[token]"];

const rel = (file: string) => path.relative(SITE, file);
const read = (file: string) => readFileSync(file, "utf8");

const routeFiles = sourceFiles(SITE).filter((file) => /\/(page\.tsx|route\.ts)$/.test(file));
const routeDir = (file: string) => rel(path.dirname(file));

/** The layouts and the page or route file of `dir`'s route, from app/[locale] down. */
function segmentFilesOf(dir: string): string[] {
  const own = ["page.tsx", "route.ts"].map((name) => path.join(SITE, dir, name));
  const layouts: string[] = [];
  for (
    let current = path.join(SITE, dir);
    current.startsWith(SITE);
    current = path.dirname(current)
  ) {
    layouts.push(path.join(current, "layout.tsx"));
  }
  return [...own, ...layouts].filter((file) => existsSync(file));
}

const refusesUnknownParams = (dir: string) =>
  segmentFilesOf(dir).some((file) => REFUSES_UNKNOWN_PARAMS.test(read(file)));

/** Whether a not-found.tsx in `dir` or a folder between it and app/[locale] (exclusive) catches it. */
function hasBoundary(dir: string): boolean {
  for (let current = path.join(SITE, dir); current !== SITE; current = path.dirname(current)) {
    if (existsSync(path.join(current, "not-found.tsx"))) return true;
  }
  return false;
}

const callers = sourceFiles(SITE).filter((file) => /\bnotFound\(\)/.test(read(file)));

describe("notFound() on the public site", () => {
  it("is still called somewhere, so this check is looking at real files", () => {
    expect(callers.length).toBeGreaterThan(0);
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it("is not refused for every route by the locale layout", () => {
    expect(read(path.join(SITE, "layout.tsx"))).not.toMatch(REFUSES_UNKNOWN_PARAMS);
  });

  it("leaves every route refusing unknown locales, except those of records and per-request pages", () => {
    const open = routeFiles
      .map(routeDir)
      .filter((dir) => !refusesUnknownParams(dir))
      .filter((dir) => !ON_DEMAND_ROUTES.includes(dir) && !PER_REQUEST_ROUTES.includes(dir));
    expect(open).toEqual([]);
  });

  it("gives every route of records a not-found.tsx below app/[locale]", () => {
    const missing = ON_DEMAND_ROUTES.filter((dir) => !hasBoundary(dir));
    expect(missing).toEqual([]);
    for (const dir of ON_DEMAND_ROUTES) expect(refusesUnknownParams(dir), dir).toBe(false);
  });

  it("is caught by boundaries that never read the request, so their routes stay prerendered", () => {
    // Next.js renders a not-found file with every page below it; a request read there (next-intl's
    // getLocale falls back to the headers) would make each of those pages dynamic.
    const boundaries = sourceFiles(SITE).filter((file) => file.endsWith("not-found.tsx"));
    expect(boundaries.length).toBeGreaterThan(0);
    const reading = boundaries.filter((file) =>
      /\b(getLocale|headers|cookies|getRequestConfig)\(/.test(read(file)),
    );
    expect(reading.map(rel)).toEqual([]);
  });

  it("is only called in a page where its route refuses unknown params or a boundary catches it", () => {
    const uncaught = callers
      .filter((file) => !file.endsWith("layout.tsx"))
      .filter((file) => {
        const dir = rel(path.dirname(file));
        // A helper beside pages (a _components file) counts as called from every route below its folder.
        const routes = routeFiles.includes(file)
          ? [dir]
          : routeFiles.map(routeDir).filter((r) => r === dir || r.startsWith(`${dir}/`));
        return routes.some((r) => !refusesUnknownParams(r) && !hasBoundary(r));
      })
      .map(rel);
    expect(uncaught).toEqual([]);
  });

  it("is only called in a layout (the locale check) above routes that refuse unknown locales or have a boundary", () => {
    // The one residue, accepted: an on-demand route reached with a first segment the proxy does not
    // localise (`/file.txt/blog/x`, no real link leads there) gets the layout's 404 status in Next.js's
    // bare shell. Any other first segment is localised by the proxy and stays unmatched.
    const uncaught = callers
      .filter((file) => file.endsWith("layout.tsx"))
      .flatMap((layout) => {
        const dir = rel(path.dirname(layout));
        return routeFiles
          .map(routeDir)
          .filter((r) => dir === "" || r === dir || r.startsWith(`${dir}/`))
          .filter((r) => !refusesUnknownParams(r) && !ON_DEMAND_ROUTES.includes(r))
          .filter((r) => !PER_REQUEST_ROUTES.includes(r))
          .map((r) => `${rel(layout)}: ${r}`);
      });
    expect(uncaught).toEqual([]);
  });
});

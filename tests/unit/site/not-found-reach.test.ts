import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, sourceFiles } from "@/tests/support/source-files";

// The public site (app/[locale]) has no not-found.tsx above it or within it: Next.js sends a not-found
// file's whole tree (header, content, footer) in the Server Component payload of every page under it,
// missing or not, 13 kB per document (docs/performance.md). Unknown addresses are unmatched routes, answered by
// app/global-not-found.tsx with a complete 404. That holds only while a notFound() inside a public page
// cannot fire: without a boundary it would answer with Next.js's empty error shell. So every notFound()
// below app/[locale] must sit in a route whose dynamic segments all refuse unknown values
// (`dynamicParams = false`), where it only narrows types the router has already checked.

const SITE = path.join(ROOT, "app/[locale]");
const REFUSES_UNKNOWN_PARAMS = /export const dynamicParams = false;/;

/** The dynamic segment folders from app/[locale] down to `file`'s folder, app/[locale] included. */
function dynamicSegmentsOf(file: string): string[] {
  const segments: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(SITE); dir = path.dirname(dir)) {
    if (/^\[.+\]$/.test(path.basename(dir))) segments.push(dir);
  }
  return segments;
}

function refusesUnknownParams(segmentDir: string): boolean {
  return ["layout.tsx", "page.tsx"].some((name) => {
    const file = path.join(segmentDir, name);
    return existsSync(file) && REFUSES_UNKNOWN_PARAMS.test(readFileSync(file, "utf8"));
  });
}

const callers = sourceFiles(SITE).filter((file) =>
  /\bnotFound\(\)/.test(readFileSync(file, "utf8")),
);

describe("notFound() on the public site", () => {
  it("is still called somewhere, so this check is looking at real files", () => {
    expect(callers.length).toBeGreaterThan(0);
  });

  it("is only called where every dynamic segment refuses unknown values", () => {
    const open = callers.flatMap((file) =>
      dynamicSegmentsOf(file)
        .filter((segment) => !refusesUnknownParams(segment))
        .map((segment) => `${path.relative(ROOT, file)}: ${path.relative(ROOT, segment)}`),
    );
    expect(open).toEqual([]);
  });
});

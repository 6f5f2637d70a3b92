import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

// A request-bound API (headers, cookies, a locale read from the request) anywhere in the public
// layout silently turns every marketing page dynamic; this keeps them prerendered at build time.
test("marketing pages are prerendered at build time in both languages", () => {
  const manifest = JSON.parse(readFileSync(".next/prerender-manifest.json", "utf8")) as {
    routes: Record<string, unknown>;
  };
  expect(Object.keys(manifest.routes)).toEqual(
    expect.arrayContaining([
      "/es",
      "/en",
      "/es/blog",
      "/en/blog",
      "/es/blog/scaling-ai-beyond-the-pilot",
      "/en/blog/integrate-ai-without-disruption",
      "/es/solutions/voice-agents",
      "/en/solutions/intelligent-workflow-automation",
    ]),
  );
});

test("a prerendered page still answers per language at its public address", async ({ request }) => {
  for (const [path, lang] of [
    ["/", "es"],
    ["/en", "en"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<html lang="${lang}"`);
  }
});

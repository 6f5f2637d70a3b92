// Which language the server renders where, read off its HTML: `<html lang>`, the page's one heading and
// the links it offers. The EN/ES switch, which a person clicks, stays in tests/e2e/platform/languages.spec.ts.
import { expect, test } from "@playwright/test";

/** The text of the page's `<h1>`, its tags dropped and the entities React escapes read back. */
function heading(html: string): string {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  expect(h1, "the page has an <h1>").not.toBeNull();
  return h1![1]!
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();
}

/** The href of each link whose whole text is `name`. */
function linkTargets(html: string, name: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter((link) => link[2]!.replace(/<[^>]+>/g, "").trim() === name)
    .map((link) => /\bhref="([^"]*)"/.exec(link[1]!)?.[1] ?? "");
}

test.describe("languages", () => {
  test("the home page is Spanish at / and English at /en", async ({ request }) => {
    const spanish = await (await request.get("/")).text();
    expect(spanish).toContain('<html lang="es"');
    expect(heading(spanish)).toMatch(/Construimos hoy/);

    const english = await (await request.get("/en")).text();
    expect(english).toContain('<html lang="en"');
    expect(heading(english)).toMatch(/We build today/);
  });

  test("a browser asking for English still gets Spanish at /", async ({ request }) => {
    const response = await request.get("/", {
      headers: { "Accept-Language": "en-US,en;q=0.9" },
    });
    expect(new URL(response.url()).pathname).toBe("/");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<html lang="es"');
  });

  test("/es addresses redirect to the unprefixed Spanish ones", async ({ request }) => {
    const response = await request.get("/es", { maxRedirects: 0 });
    expect([307, 308]).toContain(response.status());
    expect(new URL(response.headers().location!, "http://x").pathname).toBe("/");
  });
});

test.describe("unknown routes", () => {
  test("answer 404 with the branded page in Spanish", async ({ request }) => {
    const response = await request.get("/esta-pagina-no-existe");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    expect(heading(html)).toBe("No encontramos esta página");
    expect(linkTargets(html, "Volver al inicio")).toEqual(["/"]);
  });

  test("answer 404 with the branded page in English under /en", async ({ request }) => {
    const response = await request.get("/en/this-page-does-not-exist");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(heading(html)).toBe("We couldn't find this page");
    expect(linkTargets(html, "Back to home")).toEqual(["/en"]);
  });
});

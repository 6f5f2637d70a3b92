// Issue 17: one origin, a 404 that needs no JavaScript, /optin as a first-class page. All of it is in what the
// server sends, so it is read from the HTML without a browser (moved from tests/e2e/site/public-site-quality.spec.ts
// in issue 61; "without JavaScript" there meant exactly this: the server's HTML alone).
import { expect, test } from "@playwright/test";
import {
  elementsOf,
  headings,
  htmlLang,
  linkTags,
  links,
  listAfter,
  metaContent,
  metaCount,
  tagsOf,
} from "./html";

test.describe("the 404 without JavaScript", () => {
  const cases = [
    { path: "/esta-pagina-no-existe", lang: "es", heading: "No encontramos esta página" },
    { path: "/solutions/nope", lang: "es", heading: "No encontramos esta página" },
    { path: "/blog/nope", lang: "es", heading: "No encontramos esta página" },
    { path: "/careers/nope", lang: "es", heading: "No encontramos esta página" },
    { path: "/en/this-page-does-not-exist", lang: "en", heading: "We couldn't find this page" },
    { path: "/en/solutions/nope", lang: "en", heading: "We couldn't find this page" },
    { path: "/en/blog/nope", lang: "en", heading: "We couldn't find this page" },
    { path: "/en/careers/nope", lang: "en", heading: "We couldn't find this page" },
  ];
  for (const { path, lang, heading } of cases) {
    test(`${path} answers 404 in ${lang} with its heading, links, one title and noindex`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(htmlLang(html)).toBe(lang);
      expect(headings(html, 1)).toEqual([heading]);
      expect(links(listAfter(html, "not-found-solutions") ?? "")).not.toHaveLength(0);
      expect(links(listAfter(html, "not-found-articles") ?? "")).not.toHaveLength(0);
      const titles = elementsOf(html, "title");
      expect(titles).toHaveLength(1);
      expect(titles[0]!.text).toMatch(lang === "en" ? /Page not found/ : /Página no encontrada/);
      expect(metaContent(html, "robots")).toMatch(/noindex/);
    });
  }
});

test.describe("a client link that does not open, without JavaScript", () => {
  const cases = [
    { locale: "en-US", lang: "en", heading: "Proposal not found", home: "/en" },
    { locale: "es-ES", lang: "es", heading: "Propuesta no encontrada", home: "/" },
  ];
  for (const { locale, lang, heading, home } of cases) {
    test(`answers 404 in ${lang} (the visitor's language) with its heading, a way home and no referrer`, async ({
      request,
    }) => {
      // Unknown, malformed and a NUL byte: one 404 for all, rendered on the server.
      for (const token of ["z".repeat(43), "short", "%00"]) {
        // The language a browser set to this locale asks for.
        const response = await request.get(`/proposals/ai-generated/${token}`, {
          headers: { "accept-language": locale },
        });
        expect(response.status()).toBe(404);
        const html = await response.text();
        expect(htmlLang(html)).toBe(lang);
        expect(headings(html, 1)).toEqual([heading]);
        const notFound = elementsOf(html, "p", (p) => p["data-testid"] === "proposal-not-found");
        expect(notFound).toHaveLength(1);
        expect(notFound[0]!.text).not.toBe("");
        expect(links(html).map((link) => link.href)).toEqual([home]);
        const titles = elementsOf(html, "title");
        expect(titles).toHaveLength(1);
        expect(titles[0]!.text).toMatch(new RegExp(`^${heading} · `));
        expect(metaContent(html, "robots")).toMatch(/noindex/);
        expect(metaContent(html, "referrer")).toBe("no-referrer");
      }
    });
  }
});

test.describe("one origin", () => {
  test("every sitemap URL, canonical, hreflang, og:url and JSON-LD URL starts with the served SITE_URL", async ({
    request,
  }) => {
    // The app under test runs with the SITE_URL its build recorded (npm start refuses any other).
    const robots = await (await request.get("/robots.txt")).text();
    const origin = /Sitemap: (\S+)\/sitemap\.xml/.exec(robots)?.[1];
    expect(origin).toBeTruthy();
    const xml = await (await request.get("/sitemap.xml")).text();
    const urls = [...xml.matchAll(/(?:<loc>|href=")([^<"]+)/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) expect(url.startsWith(`${origin}/`) || url === origin).toBe(true);

    for (const path of ["/", "/en/careers/video-editor", "/optin", "/blog"]) {
      const html = await (await request.get(path)).text();
      const linked = [
        ...linkTags(html, "canonical").map((link) => link.href ?? ""),
        ...tagsOf(html, "link")
          .filter((link) => link.rel === "alternate" && link.hreflang !== undefined)
          .map((link) => link.href ?? ""),
        ...tagsOf(html, "meta")
          .filter((meta) => meta.property === "og:url")
          .map((meta) => meta.content ?? ""),
      ];
      expect(linked.length).toBeGreaterThan(0);
      const jsonLd = elementsOf(html, "script", (script) => script.type === "application/ld+json");
      const ldUrls = jsonLd.flatMap((script) =>
        [...script.inner.matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => m[1]!),
      );
      for (const url of [
        ...linked,
        ...ldUrls.filter((url) => !url.startsWith("https://schema.org")),
      ])
        expect(url, `${path}: ${url}`).toMatch(
          new RegExp(`^${origin!.replace(/[.:/]/g, "\\$&")}(/|$)`),
        );
    }
  });
});

test.describe("/optin", () => {
  test("is in the sitemap in both languages, with alternates", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toMatch(/<loc>[^<]+\/optin<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]+\/optin\/es<\/loc>/);
    expect(xml).toMatch(/hreflang="es" href="[^"]+\/optin\/es"/);
  });

  for (const { path, lang } of [
    { path: "/optin", lang: "en" },
    { path: "/optin/es", lang: "es" },
  ])
    test(`${path} carries the full head tags in ${lang}`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(htmlLang(html)).toBe(lang);
      expect(linkTags(html, "canonical")[0]?.href).toMatch(new RegExp(`${path}$`));
      for (const hreflang of ["es", "en", "x-default"])
        expect(linkTags(html, "alternate", hreflang)).toHaveLength(1);
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:locale"])
        expect(metaCount(html, property), property).toBe(1);
      for (const name of ["twitter:card", "twitter:title", "twitter:image"])
        expect(metaCount(html, name), name).toBe(1);
      expect(metaContent(html, "robots")).toMatch(/index/);
    });
});

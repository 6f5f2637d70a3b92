// What the server sends for the solution and blog pages, the 404s and the crawler files: read from the HTML,
// no browser (moved from tests/e2e/site/pages.spec.ts and home.spec.ts in issue 61).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { elementsOf, headings, jsonLd, linkTags, links, listAfter, metaContent } from "./html";

async function html(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  return response.text();
}

test.describe("solution pages", () => {
  for (const path of ["/solutions/no-such-solution", "/en/solutions/no-such-solution"]) {
    test(`${path} answers 404 with the branded page listing the solutions`, async ({ request }) => {
      const page = await html(request, path, 404);
      expect(links(listAfter(page, "not-found-solutions") ?? "")).toHaveLength(9);
    });
  }
});

test.describe("blog", () => {
  test("the Spanish index is titled 'Ideas y recursos'", async ({ request }) => {
    expect(headings(await html(request, "/blog"), 1)).toEqual(["Ideas y recursos"]);
  });

  test("an article carries Article structured data that parses", async ({ request }) => {
    const data = jsonLd(await html(request, "/blog/integrate-ai-without-disruption"))[0];
    expect(data).toMatchObject({
      "@type": "Article",
      headline: "Cómo integrar la IA sin interrumpir tu operación",
      inLanguage: "es",
      datePublished: expect.stringMatching(/^2025-08-12T/),
    });
  });

  for (const path of ["/blog/no-such-article", "/en/blog/no-such-article"]) {
    test(`${path} answers 404 with the branded page listing the articles`, async ({ request }) => {
      // The newest live articles (records), at most five.
      const articles = links(listAfter(await html(request, path, 404), "not-found-articles") ?? "");
      expect(articles.length).toBeGreaterThan(0);
      expect(articles.length).toBeLessThanOrEqual(5);
    });
  }
});

test.describe("search engines", () => {
  test("the home page's FAQPage structured data parses as JSON and names 10 questions in the page language", async ({
    request,
  }) => {
    for (const [path, question] of [
      ["/", "¿Cuánto cuesta?"],
      ["/en", "How much does it cost?"],
    ] as const) {
      const faq = jsonLd(await html(request, path)).find((data) => data["@type"] === "FAQPage") as {
        mainEntity: { name: string }[];
      };
      expect(faq.mainEntity).toHaveLength(10);
      expect(faq.mainEntity.map((q) => q.name)).toContain(question);
    }
  });

  test("pages carry canonical, hreflang, social and robots tags", async ({ request }) => {
    const page = await html(request, "/en/solutions/lead-reactivation");
    const head = page.slice(0, page.indexOf("</head>"));
    expect(linkTags(head, "canonical")[0]?.href).toMatch(/\/en\/solutions\/lead-reactivation$/);
    expect(linkTags(head, "alternate", "es")[0]?.href).toMatch(
      /[^n]\/solutions\/lead-reactivation$/,
    );
    expect(linkTags(head, "alternate", "x-default")[0]?.href).toMatch(
      /[^n]\/solutions\/lead-reactivation$/,
    );
    expect(metaContent(head, "og:locale")).toBe("en_US");
    expect(metaContent(head, "robots")).toBe("index, follow");
    expect(metaContent(head, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(head, "og:image")).toMatch(/\/images\/avanza-ai-social\.png$/);
    const home = await html(request, "/");
    expect(metaContent(home, "keywords")).toMatch(/agentes de IA/);
    expect(metaContent(home, "og:locale")).toBe("es_ES");
  });

  test("the default social image exists", async ({ request }) => {
    const response = await request.get("/images/avanza-ai-social.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  });

  test("sitemap.xml lists every public page in both languages with alternates, and no booking confirmation", async ({
    request,
  }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of [
      "/en",
      "/blog",
      "/en/blog/scaling-ai-beyond-the-pilot",
      "/solutions/phone-number-management",
      "/en/careers/video-editor",
      "/privacy-policy",
      "/en/terms-and-conditions",
    ]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).not.toContain("booking-confirmation");
  });

  test("robots.txt keeps crawlers out of the internal tools", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    for (const path of ["/crm", "/analytics", "/api/"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain("Sitemap:");
  });
});

test.describe("home page", () => {
  test("has every section in the specified order", async ({ request }) => {
    const main = elementsOf(await html(request, "/"), "main")[0]!.inner;
    // The sections directly in <main> (none nests another section).
    const ids = elementsOf(main, "section")
      .map((section) => section.attributes.id)
      .filter(Boolean);
    expect(ids).toEqual([
      "industries",
      "solutions",
      "ai-receptionist",
      "video",
      "expertise",
      "process",
      "different",
      "cases",
      "insights",
      "faq",
      "careers",
      "lead_form",
      "contact",
    ]);
  });
});

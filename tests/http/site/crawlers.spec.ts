import { expect, test, type APIRequestContext } from "@playwright/test";
import { validateSitemap } from "../../support/sitemap-schema";

/** Pathnames of every page in the served sitemap. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** The value of a <meta> tag in a page's HTML, by property (Open Graph) or name (Twitter). */
function metaContent(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\s[^>]*>/g)]
    .map((match) => match[0])
    .find(
      (candidate) => candidate.includes(`property="${key}"`) || candidate.includes(`name="${key}"`),
    );
  return tag ? /content="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&") : undefined;
}

/** Every JSON-LD block of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

test.describe("what crawlers read", () => {
  test("the served sitemap passes the sitemaps.org schema, and the check rejects the old element order", async ({
    request,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    const result = validateSitemap(xml);
    expect(result.isValid, result.output).toBe(true);
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length).toBe(
      xml.match(/<url>/g)?.length,
    );
    // The alternates moved back in front of lastmod, as the sitemap was served before, must fail.
    const alternatesFirst = xml.replace(
      /(<lastmod>[\s\S]*?<\/priority>\n)((?:<xhtml:link[^>]*\/>\n)+)/g,
      "$2$1",
    );
    expect(alternatesFirst).not.toBe(xml);
    expect(validateSitemap(alternatesFirst).isValid).toBe(false);
  });

  test("robots.txt names the sitemap and has no Host line", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(text).not.toMatch(/^Host:/im);
  });

  test("every page of the sitemap has an og:image and a twitter:image that load as images", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const paths = await sitemapPaths(request);
    expect(paths.length).toBeGreaterThan(40);
    const checkedImages = new Map<string, string>();
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      for (const key of ["og:image", "twitter:image"]) {
        const url = metaContent(html, key);
        expect(url, `${path} has ${key}`).toBeTruthy();
        const imagePath = new URL(url!).pathname;
        if (!checkedImages.has(imagePath)) {
          const image = await request.get(imagePath);
          expect(image.status(), `${path}: ${key} ${imagePath}`).toBe(200);
          checkedImages.set(imagePath, image.headers()["content-type"] ?? "");
        }
        // Social networks show PNG, JPEG, GIF and WebP; not SVG.
        expect(checkedImages.get(imagePath), `${path}: ${key} ${imagePath}`).toMatch(
          /^image\/(png|jpeg|gif|webp)$/,
        );
      }
      expect(metaContent(html, "twitter:card"), path).toBe("summary_large_image");
    }
    // Articles and jobs show their own picture, not the default one.
    expect([...checkedImages.keys()]).toEqual(
      expect.arrayContaining([
        // An article's cover from the records, as a PNG (the SVG covers are drawn for previews).
        expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.png$/),
        "/images/careers/video-editor.png",
      ]),
    );
  });

  test("the home page describes the organisation, with a logo that loads", async ({ request }) => {
    for (const [path, url] of [
      ["/", /\/$/],
      ["/en", /\/en$/],
    ] as const) {
      const organization = jsonLd(await (await request.get(path)).text()).find(
        (data) => data["@type"] === "Organization",
      ) as { url: string; name: string; logo: { url: string }; contactPoint: unknown[] };
      expect(organization, path).toBeTruthy();
      expect(organization.url).toMatch(url);
      expect(organization.name).toBe("Avanza AI");
      expect(organization.contactPoint).toHaveLength(1);
      const logo = await request.get(new URL(organization.logo.url).pathname);
      expect(logo.status()).toBe(200);
      expect(logo.headers()["content-type"]).toBe("image/png");
    }
  });

  test("an article names its publisher's logo, and job postings say how candidates apply and what a role pays", async ({
    request,
  }) => {
    const article = jsonLd(
      await (await request.get("/en/blog/integrate-ai-without-disruption")).text(),
    ).find((data) => data["@type"] === "Article") as { publisher: { logo: { url: string } } };
    expect(article.publisher.logo.url).toMatch(/\/images\/logo\.png$/);

    const posting = async (path: string) =>
      jsonLd(await (await request.get(path)).text()).find(
        (data) => data["@type"] === "JobPosting",
      ) as Record<string, unknown>;
    const developer = await posting("/en/careers/ai-software-developer");
    expect(developer).toHaveProperty("directApply");
    expect(developer.baseSalary).toMatchObject({
      currency: "USD",
      value: { minValue: 90000, maxValue: 150000, unitText: "YEAR" },
    });
    const editor = await posting("/careers/video-editor");
    expect(editor.directApply).toBe(true);
    expect(editor).not.toHaveProperty("baseSalary");
  });
});

import { expect, test } from "@playwright/test";

// Issue 17: one origin, a 404 that needs no JavaScript, /optin as a first-class page.

test.describe("the 404 without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

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
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("#not-found-solutions + ul").getByRole("link")).not.toHaveCount(0);
      await expect(page.locator("#not-found-articles + ul").getByRole("link")).not.toHaveCount(0);
      await expect(page.locator("title")).toHaveCount(1);
      await expect(page).toHaveTitle(lang === "en" ? /Page not found/ : /Página no encontrada/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
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
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      // Unknown, malformed and a NUL byte: one 404 for all, rendered on the server.
      for (const token of ["z".repeat(43), "short", "%00"]) {
        const response = await page.goto(`/proposals/ai-generated/${token}`);
        expect(response?.status()).toBe(404);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page.getByTestId("proposal-not-found")).not.toBeEmpty();
        await expect(page.getByRole("link")).toHaveAttribute("href", home);
        await expect(page.locator("title")).toHaveCount(1);
        await expect(page).toHaveTitle(new RegExp(`^${heading} · `));
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await expect(page.locator('meta[name="referrer"]')).toHaveAttribute(
          "content",
          "no-referrer",
        );
      }
      await context.close();
    });
  }
});

test.describe("one origin", () => {
  test("every sitemap URL, canonical, hreflang, og:url and JSON-LD URL starts with the served SITE_URL", async ({
    page,
    request,
    baseURL,
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
      await page.goto(`${baseURL}${path}`);
      const linked = await page
        .locator('link[rel="canonical"], link[rel="alternate"][hreflang], meta[property="og:url"]')
        .evaluateAll((nodes) =>
          nodes.map((node) => node.getAttribute("href") ?? node.getAttribute("content") ?? ""),
        );
      expect(linked.length).toBeGreaterThan(0);
      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
      const ldUrls = jsonLd.flatMap((text) =>
        [...text.matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => m[1]!),
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
    test(`${path} carries the full head tags in ${lang}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path}$`),
      );
      for (const hreflang of ["es", "en", "x-default"])
        await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:locale"])
        await expect(page.locator(`meta[property="${property}"]`)).toHaveCount(1);
      for (const name of ["twitter:card", "twitter:title", "twitter:image"])
        await expect(page.locator(`meta[name="${name}"]`)).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /index/);
    });

  test("draws the globe at the screen's pixel ratio capped at 2", async ({ browser }) => {
    const context = await browser.newContext({ deviceScaleFactor: 3 });
    const page = await context.newPage();
    await page.goto("/optin");
    const canvas = page.locator("canvas");
    await canvas.scrollIntoViewIfNeeded();
    // A canvas is 300 px wide until the globe sizes it (once the page is idle): wait for the globe's own size,
    // twice the CSS width at a device pixel ratio of 3 (the cap), read as the difference so a failure shows it.
    await expect
      .poll(() => canvas.evaluate((node: HTMLCanvasElement) => node.width - node.offsetWidth * 2), {
        timeout: 15_000,
      })
      .toBe(0);
    await context.close();
  });

  test("draws no globe for visitors who prefer reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/optin");
    await page.getByRole("heading", { level: 2 }).first().scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await expect(page.locator("canvas")).toHaveCount(0);
    await context.close();
  });
});

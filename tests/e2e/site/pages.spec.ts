import { expect, test } from "@playwright/test";

test.describe("solution pages", () => {
  test("a home-page card opens its solution page, which leads back home and to the contact section", async ({
    page,
  }) => {
    await page.goto("/en");
    await page
      .locator("#solutions")
      .getByRole("link", { name: /Learn more\W+Data analytics/ })
      .click();
    await expect(page).toHaveURL(/\/en\/solutions\/data-analytics$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data analytics");
    // Our own questionnaire in the page's language, not an external form.
    await expect(page.getByRole("link", { name: /^Get Started/ })).toHaveAttribute(
      "href",
      "/optin",
    );
    await page.getByRole("link", { name: "Back to Home" }).last().click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test("the language switch keeps the visitor on the same solution", async ({ page }) => {
    await page.goto("/solutions/voice-agents");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agentes de voz con IA");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/solutions\/voice-agents$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI voice agents");
  });

  for (const path of ["/solutions/no-such-solution", "/en/solutions/no-such-solution"]) {
    test(`${path} answers 404 with the branded page listing the solutions`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const list = page.locator("#not-found-solutions + ul");
      await expect(list.getByRole("link")).toHaveCount(9);
    });
  }
});

test.describe("blog", () => {
  test("the index lists three articles whose 'Read more' opens them, with a way back", async ({
    page,
  }) => {
    await page.goto("/en/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ideas & Resources");
    await expect(page.getByRole("article")).toHaveCount(3);
    await page.getByRole("link", { name: /Read more\W+Scaling AI beyond the pilot/ }).click();
    await expect(page).toHaveURL(/\/en\/blog\/scaling-ai-beyond-the-pilot$/);
    // Its four sections, the closing call to action and the related articles.
    await expect(page.locator("main").getByRole("heading", { level: 2 })).toHaveCount(6);
    await expect(
      page.getByRole("region", { name: "Related articles" }).getByRole("article"),
    ).toHaveCount(2);
    await page
      .getByRole("link", { name: /Back to blog/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/blog$/);
  });

  test("the Spanish index is titled 'Ideas y recursos'", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ideas y recursos");
  });

  test("an article carries Article structured data that parses", async ({ page }) => {
    await page.goto("/blog/integrate-ai-without-disruption");
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent())!,
    );
    expect(data).toMatchObject({
      "@type": "Article",
      headline: "Cómo integrar la IA sin interrumpir tu operación",
      inLanguage: "es",
      datePublished: expect.stringMatching(/^2025-08-12T/),
    });
  });

  for (const path of ["/blog/no-such-article", "/en/blog/no-such-article"]) {
    test(`${path} answers 404 with the branded page listing the articles`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      // The newest live articles (records), at most five.
      const articles = page.locator("#not-found-articles + ul").getByRole("link");
      await expect(articles.first()).toBeVisible();
      expect(await articles.count()).toBeLessThanOrEqual(5);
    });
  }
});

test.describe("search engines", () => {
  test("the home page's FAQPage structured data parses as JSON and names 10 questions in the page language", async ({
    page,
  }) => {
    for (const [path, question] of [
      ["/", "¿Cuánto cuesta?"],
      ["/en", "How much does it cost?"],
    ] as const) {
      await page.goto(path);
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const faq = scripts
        .map((text) => JSON.parse(text))
        .find((data) => data["@type"] === "FAQPage");
      expect(faq.mainEntity).toHaveLength(10);
      expect(faq.mainEntity.map((q: { name: string }) => q.name)).toContain(question);
    }
  });

  test("pages carry canonical, hreflang, social and robots tags", async ({ page }) => {
    await page.goto("/en/solutions/lead-reactivation");
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/en\/solutions\/lead-reactivation$/,
    );
    await expect(head.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
      "href",
      /[^n]\/solutions\/lead-reactivation$/,
    );
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      /[^n]\/solutions\/lead-reactivation$/,
    );
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
    await expect(head.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/images\/avanza-ai-social\.png$/,
    );
    await page.goto("/");
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /agentes de IA/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_ES");
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

test("solution, blog and article pages load without console errors", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(error.message));
  for (const path of [
    "/solutions/voice-agents",
    "/en/solutions/data-analytics",
    "/blog",
    "/en/blog",
    "/blog/scaling-ai-beyond-the-pilot",
    "/en/blog/top-enterprise-ai-use-cases-2025",
  ]) {
    await page.goto(path);
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  expect(problems).toEqual([]);
});

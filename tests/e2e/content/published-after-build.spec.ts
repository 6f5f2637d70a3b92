import { expect, test } from "@playwright/test";
import { staffApiCookie } from "../support/staff";

// An article published after the build (this server was built before the article existed) has its own
// page at once, in both languages: the article route renders unknown slugs on demand. An unknown slug
// answers 404 with the site's frame, and an unknown first segment still reaches the global 404.

test("an article published through the API after the server started opens in both languages", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const cookie = await staffApiCookie(page.request, baseURL!);
  const headers = { origin, cookie };
  const suffix = Date.now().toString(36);
  const slugs = { es: `publicado-despues-${suffix}`, en: `published-later-${suffix}` };

  const created = await page.request.post("/api/content/articles", {
    headers,
    data: {
      translations: {
        es: {
          title: "Publicado después del build",
          slug: slugs.es,
          excerpt: "Un artículo que el build no conocía.",
          body: "## Primera sección\n\nEl cuerpo en español.",
        },
        en: {
          title: "Published after the build",
          slug: slugs.en,
          excerpt: "An article the build did not know.",
          body: "## First section\n\nThe body in English.",
        },
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  try {
    // Before it is published, its address is a 404 in the site's frame (header, footer, a way back).
    const early = await page.goto(`/en/blog/${slugs.en}`);
    expect(early!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
    await expect(page.getByRole("link", { name: "Back to home" }).first()).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    const published = await page.request.post(`/api/content/articles/${id}/publish`, {
      headers,
      data: {},
    });
    expect(published.status()).toBe(200);

    // Its pages open at once in both languages.
    for (const [path, title, body] of [
      [`/blog/${slugs.es}`, "Publicado después del build", "El cuerpo en español."],
      [`/en/blog/${slugs.en}`, "Published after the build", "The body in English."],
    ] as const) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator(".article-body")).toContainText(body);
    }
    // A second visit is served from the cache, still the article.
    const again = await page.request.get(`/en/blog/${slugs.en}`);
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain("Published after the build");

    // An unknown slug is a 404 in its language; unknown first segments are the global 404.
    const missing = await page.goto(`/blog/no-existe-${suffix}`);
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esta página");
    for (const path of ["/file.txt", "/xx/blog", `/xx/blog/${slugs.es}`]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      // The global 404 lists the solutions and articles; the article route's own one does not.
      await expect(page.getByRole("navigation", { name: /solutions|soluciones/i })).toBeVisible();
    }
  } finally {
    const deleted = await page.request.delete(`/api/content/articles/${id}`, { headers });
    expect(deleted.status()).toBe(200);
  }
});

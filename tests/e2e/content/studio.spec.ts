import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { chooseStaffLanguage, startSignedInAsOwner } from "../support/staff";

// The content studio end to end: an owner writes an article in both languages with a cover, sees the
// Markdown preview drawn safely, publishes it, and finds it on the blog, in both feeds and in the
// sitemap. The article is deleted at the end, so the site's other specs still see three articles.

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

startSignedInAsOwner();

test("an owner writes, previews and publishes an article; it is on the blog, the feeds and the sitemap", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const slugEs = `estudio-de-prueba-${suffix}`;
  const slugEn = `studio-test-${suffix}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/crm/content");
  await expect(page.getByRole("heading", { level: 1, name: "Content studio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Scaling AI beyond the pilot" })).toBeVisible();
  await shot(page, testInfo, "studio-list-en-1366");

  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
  const spanish = page.getByRole("region", { name: "Spanish" });
  const english = page.getByRole("region", { name: "English" });
  await spanish.getByLabel("Title", { exact: true }).fill("Prueba del estudio");
  await spanish.getByLabel("Address (slug)").fill(slugEs);
  await spanish.getByLabel("Excerpt").fill("Un artículo escrito desde el estudio.");
  await spanish
    .getByLabel("Body (Markdown)")
    .fill(
      "## Un título\n\nTexto con [un enlace](https://example.com).\n\n<script>alert(1)</script>\n\n- uno\n- dos",
    );
  const preview = spanish.getByTestId("preview-es");
  await expect(preview.getByRole("heading", { level: 2, name: "Un título" })).toBeVisible();
  await expect(preview).toContainText("<script>alert(1)</script>");
  await expect(preview.getByRole("link", { name: "un enlace" })).toHaveAttribute(
    "rel",
    "noopener noreferrer",
  );
  const cover = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: { r: 30, g: 80, b: 140 } },
  })
    .png()
    .toBuffer();
  await spanish
    .locator('input[type="file"]')
    .setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: cover });
  await expect(spanish.locator('img[src^="/media/"]')).toBeVisible();
  await spanish.getByLabel("Cover description (alt text)").fill("Un fondo azul");

  await english.getByLabel("Title", { exact: true }).fill("Studio test");
  await english.getByLabel("Address (slug)").fill(slugEn);
  await english.getByLabel("Excerpt").fill("An article written in the studio.");
  await english.getByLabel("Body (Markdown)").fill("## A heading\n\nSome text.");
  await shot(page, testInfo, "studio-editor-en-1366");

  await page.getByRole("button", { name: "Publish now" }).click();
  // The new article's own address opens, in its published state.
  await expect(page).toHaveURL(/\/crm\/content\/[0-9a-f-]{36}$/);
  const articleId = page.url().split("/").at(-1)!;
  await expect(page.getByTestId("article-state")).toContainText("Published");

  // Every save is a revision with who and when; an older one comes back as a new revision.
  await page.getByText("History", { exact: true }).click();
  await expect(page.getByText(/^Revision 1 · .+ · E2E Owner$/)).toBeVisible();
  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await expect(page.getByText("Revision 1 restored as a new revision.")).toBeVisible();
  await expect(page.getByTestId("article-state")).toContainText("Revision 3");
  await expect(page.getByTestId("article-state")).toContainText("Published");

  // The staff-only preview draws the article as its page will, in either language.
  await page.getByRole("link", { name: "Preview", exact: true }).click();
  await expect(page.getByTestId("preview-banner")).toContainText("Preview for staff only");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Studio test");
  await page.getByRole("link", { name: "Spanish" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prueba del estudio");
  await expect(page.locator(".article-body h2")).toHaveText("Un título");
  await expect(page.locator(".article-body script")).toHaveCount(0);
  await shot(page, testInfo, "studio-preview-es-1366");
  // Without a staff session the preview address shows the lock screen (Spanish in a new browser), not the draft.
  const outsider = await page.context().browser()!.newContext({ storageState: undefined });
  const stranger = await outsider.newPage();
  await stranger.goto(`${baseURL}${new URL(page.url()).pathname}`);
  await expect(stranger.getByLabel("Contraseña")).toBeVisible();
  await expect(stranger.getByText("Prueba del estudio")).toHaveCount(0);
  await outsider.close();

  // Published from the studio on this instance: the English index, both feeds and the sitemap show it
  // on the next request.
  await page.goto("/en/blog");
  await expect(page.getByRole("link", { name: "Studio test" }).first()).toBeVisible();

  {
    const parser = new XMLParser({ ignoreAttributes: false });
    for (const [feed, title] of [
      ["/blog/rss.xml", "Prueba del estudio"],
      ["/en/blog/rss.xml", "Studio test"],
    ] as const) {
      const response = await page.request.get(feed);
      expect(response.headers()["content-type"]).toContain("application/rss+xml");
      const rss = parser.parse(await response.text());
      const items = [rss.rss.channel.item].flat() as { title: string }[];
      expect(items.map((item) => item.title)).toContain(title);
    }
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    const today = new Date().toISOString().slice(0, 10);
    expect(sitemap).toContain(`/en/blog/${slugEn}</loc>\n<lastmod>${today}</lastmod>`);
  }

  // Phones and Spanish: the list and the editor fit 360 px.
  await chooseStaffLanguage(page, "es");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/crm/content");
  await expect(page.getByRole("heading", { level: 1, name: "Estudio de contenido" })).toBeVisible();
  await expectNoSideways(page);
  await shot(page, testInfo, "studio-list-es-360");
  await page.goto(`/crm/content/${articleId}`);
  await expect(
    page.getByRole("region", { name: "Español" }).getByLabel("Título", { exact: true }),
  ).toHaveValue("Prueba del estudio");
  await expectNoSideways(page);
  await shot(page, testInfo, "studio-editor-es-360");
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, "studio-editor-es-1366");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/en/blog/${slugEn}`);
  await expectNoSideways(page);
  await shot(page, testInfo, "article-en-360");

  const deleted = await page.request.delete(`/api/content/articles/${articleId}`, {
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(deleted.status()).toBe(200);
});

import { expect, test } from "@playwright/test";
import { renderDeferredParts } from "../support/public-page";

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
    // The lazy covers and the rest of what loads on the way down, each awaited until it has loaded.
    await renderDeferredParts(page);
  }
  expect(problems).toEqual([]);
});

import { expect, test } from "@playwright/test";

// The pages' server-rendered facts (links, breadcrumbs, canonical, JobPosting data) are read without a browser in
// tests/http/careers/careers.spec.ts; here what needs one: following cards, what is shown, the language choice.

const JOB_IDS = [
  "customer-success-manager",
  "content-creator-social-media",
  "video-editor",
  "ai-software-developer",
] as const;
const CAREERS_MAIL = /^mailto:careers@avanza\.example/;

test.describe("careers list", () => {
  for (const [prefix, lang] of [
    ["", "es"],
    ["/en", "en"],
  ] as const) {
    test(`every job card opens its page (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/careers`);
      for (const id of JOB_IDS) {
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        const card = page
          .getByRole("article")
          .filter({ has: page.locator(`a[href="${prefix}/careers/${id}"]`) });
        await expect(card).toHaveCount(1);
        // A click on the card's picture, far from the title, still follows the card's one link.
        await card.click({ position: { x: 24, y: 24 } });
        await expect(page).toHaveURL(new RegExp(`${prefix}/careers/${id}$`));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Back to the list the way a visitor goes, for the next card.
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`${prefix}/careers$`));
      }
    });
  }
});

test.describe("job pages", () => {
  test("the content creator applies to the careers mailbox with the role in the subject, and sees who shouldn't apply", async ({
    page,
  }) => {
    await page.goto("/en/careers/content-creator-social-media");
    const apply = page.getByRole("link", { name: /^Apply now/ });
    await expect(apply).toHaveAttribute(
      "href",
      `mailto:careers@avanza.example?subject=${encodeURIComponent("Content Creator & Social Media Manager")}`,
    );
    await expect(apply).not.toHaveAttribute("target", "_blank");
    await expect(page.getByRole("heading", { name: "You shouldn't apply if" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What you'll do" })).toBeVisible();
  });

  test("the customer success page has no 'shouldn't apply' list", async ({ page }) => {
    await page.goto("/en/careers/customer-success-manager");
    await expect(page.getByRole("heading", { name: "The ideal candidate" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You shouldn't apply if" })).toHaveCount(0);
  });
});

test.describe("AI Software Developer page", () => {
  test("shows the spec's sections, and both Apply Now buttons open the meeting page in a new tab", async ({
    page,
  }) => {
    await page.goto("/en/careers/ai-software-developer");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Careers");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(
      "AI Software Developer",
    );
    await expect(
      page
        .getByRole("heading", { name: "What You'll Do" })
        .locator("xpath=..")
        .getByRole("listitem"),
    ).toHaveCount(5);
    for (const heading of [
      "Requirements",
      "Education and experience",
      "Technical skills",
      "Preferred qualifications",
      "What We Offer",
      "Ready to apply?",
      "About Avanza AI",
      "Questions?",
    ]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText("Salary of $90,000 to $150,000 a year")).toBeVisible();
    await expect(page.getByText("$2,000 annual learning budget")).toBeVisible();
    const applies = page.getByRole("link", { name: /^Apply Now/ });
    await expect(applies).toHaveCount(2);
    // A candidate writes to the careers mailbox, never into the sales strategy call.
    for (const link of await applies.all()) {
      await expect(link).toHaveAttribute(
        "href",
        `mailto:careers@avanza.example?subject=${encodeURIComponent("AI Software Developer")}`,
      );
    }
    await expect(page.getByRole("link", { name: "careers@avanza.example" })).toHaveAttribute(
      "href",
      CAREERS_MAIL,
    );
    await expect(page.getByRole("link", { name: "Back to open roles" })).toHaveAttribute(
      "href",
      "/en/careers",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/en\/careers\/ai-software-developer$/,
    );
  });

  test("the language button stores the choice under av_lang, and the choice survives reloads and the Spanish address", async ({
    page,
  }) => {
    await page.goto("/careers/ai-software-developer");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: "View this page in English" }).click();
    await expect(page).toHaveURL(/\/en\/careers\/ai-software-developer$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Software Developer");
    expect(await page.evaluate(() => localStorage.getItem("av_lang"))).toBe("en");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Software Developer");

    // Coming back to the Spanish address, the stored English choice wins.
    await page.goto("/careers/ai-software-developer");
    await expect(page).toHaveURL(/\/en\/careers\/ai-software-developer$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // And the other way round.
    await page.getByRole("button", { name: "Ver esta página en español" }).click();
    await expect(page).toHaveURL(/\/careers\/ai-software-developer$/);
    await expect(page).not.toHaveURL(/\/en\//);
    expect(await page.evaluate(() => localStorage.getItem("av_lang"))).toBe("es");
    await page.goto("/en/careers/ai-software-developer");
    await expect(page).not.toHaveURL(/\/en\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Desarrollador/a de Software de IA",
    );
  });

  test("without a stored choice the address decides the language", async ({ page }) => {
    await page.goto("/en/careers/ai-software-developer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Software Developer");
    expect(await page.evaluate(() => localStorage.getItem("av_lang"))).toBeNull();
  });
});

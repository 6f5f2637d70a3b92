import { expect, test, type Page } from "@playwright/test";

const SECTIONS = [
  "solutions",
  "expertise",
  "process",
  "cases",
  "insights",
  "faq",
  "lead_form",
] as const;

async function scrollToSection(page: Page, id: string) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
}

test.describe("home page", () => {
  test("every header nav item lands on its section, and careers goes to /careers", async ({
    page,
  }) => {
    await page.goto("/en");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    for (const id of SECTIONS) {
      await nav.locator(`a[href="/en#${id}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/en#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    await expect(nav.getByRole("link", { name: "Careers" })).toHaveAttribute("href", "/en/careers");
  });

  test("from another page a nav item opens the home page at that section", async ({ page }) => {
    await page.goto("/blog");
    await page
      .getByRole("navigation", { name: "Navegación principal" })
      .getByRole("link", { name: "Preguntas" })
      .click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator("#faq")).toBeInViewport();
  });

  test("the mobile menu works by keyboard and by touch", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/en");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    await expect(menu.getByRole("link", { name: "Process" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "Process" })).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole("link", { name: "Process" }).click();
    await expect(page).toHaveURL(/\/en#process$/);
    await expect(page.locator("#process")).toBeInViewport();
    await expect(menu.getByRole("link", { name: "Process" })).toBeHidden();
  });

  test("the header is blurred and shadowed only past 50 px of scrolling", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveCSS("backdrop-filter", /blur/);
  });

  test("the call-to-action buttons lead where the visitor expects", async ({ page }) => {
    await page.goto("/en");
    // No LEAD_FORM_URL_EN or MEETING_URL in the build: our own questionnaire and booking page, in English, same tab.
    for (const [name, href] of [
      ["Let's Talk", "/optin"],
      ["Book Strategy Session", "/en/book/strategy-session"],
    ] as const) {
      const link = page.locator("main").getByRole("link", { name, exact: true });
      for (const one of await link.all()) {
        await expect(one).toHaveAttribute("href", href);
        await expect(one).not.toHaveAttribute("target", "_blank");
      }
    }
    await expect(page.locator("#contact").getByRole("link", { name: "Let's Talk" })).toBeVisible();
    await expect(
      page
        .locator("#ai-receptionist")
        .getByRole("link", { name: /^Try Our AI Receptionist \(calls Camila at/ }),
    ).toHaveAttribute("href", /^tel:\+/);
    await page.locator("#video").getByRole("link", { name: "Explore Solutions" }).click();
    await expect(page.locator("#solutions")).toBeInViewport();
  });

  test("the footer links the legal pages and says all rights reserved with the current year", async ({
    page,
  }) => {
    await page.goto("/en");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
      "href",
      "/en/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms and conditions" })).toHaveAttribute(
      "href",
      "/en/terms-and-conditions",
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText("All rights reserved.");
    await page.goto("/");
    await expect(page.locator("footer")).toContainText("Todos los derechos reservados.");
  });
});

test.describe("FAQ", () => {
  test("native disclosures open one answer at a time with the mouse, and close again", async ({
    page,
  }) => {
    await page.goto("/en");
    const faq = page.locator("#faq");
    const questions = faq.locator("summary");
    const first = questions.filter({ hasText: "What can AI actually do for my business?" });
    const second = questions.filter({ hasText: "How much data do we need to get started?" });
    await expect(questions).toHaveCount(10);
    await expect(faq.getByRole("heading", { level: 3 })).toHaveCount(10);
    await first.click();
    await expect(first.locator("xpath=..")).toHaveAttribute("open", "");
    await expect(faq.getByText(/answer and qualify calls/)).toBeVisible();
    await second.click();
    await expect(second.locator("xpath=..")).toHaveAttribute("open", "");
    await expect(first.locator("xpath=..")).not.toHaveAttribute("open");
    await expect(faq.getByText(/answer and qualify calls/)).toBeHidden();
    await second.click();
    await expect(second.locator("xpath=..")).not.toHaveAttribute("open");
  });

  test("is operable by keyboard and readable without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const questions = page.locator("#faq summary");
    await questions.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(questions.nth(1).locator("xpath=..")).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(questions.nth(2)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(questions.nth(2).locator("xpath=..")).toHaveAttribute("open", "");
    await expect(questions.nth(1).locator("xpath=..")).not.toHaveAttribute("open");
    await context.close();
  });
});

test.describe("differentiators carousel", () => {
  const trackTransform = (page: Page) =>
    page
      .locator("#different .overflow-hidden > .flex")
      .first()
      .evaluate((el) => getComputedStyle(el).transform);

  async function openCarousel(page: Page) {
    await page.goto("/en");
    await scrollToSection(page, "different");
    await expect(page.locator('#different [data-carousel="ready"]')).toBeVisible();
  }

  test("is not part of the first load: Embla arrives only when the section nears the viewport", async ({
    page,
  }) => {
    await page.goto("/en");
    await expect(page.locator('#different [data-carousel="static"]')).toBeAttached();
    await scrollToSection(page, "different");
    await expect(page.locator('#different [data-carousel="ready"]')).toBeVisible();
  });

  test("dot buttons jump to their slide", async ({ page }) => {
    await openCarousel(page);
    const dot = page.getByRole("button", { name: /Go to slide 4: Bilingual delivery/ });
    await dot.click();
    await expect(dot).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("group", { name: "4 of 5" })).toBeInViewport();
  });

  // The carousel moves on animation frames and timers; the page's clock drives them, so a stretch of time
  // passes at once instead of being slept through.
  test("scrolls by itself, and the pause button stops it", async ({ page }) => {
    await page.clock.install();
    await openCarousel(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const before = await trackTransform(page);
    await page.clock.runFor(2000);
    expect(await trackTransform(page)).not.toBe(before);
    await page.getByRole("button", { name: "Pause the automatic scrolling" }).click();
    await expect(
      page.getByRole("button", { name: "Resume the automatic scrolling" }),
    ).toBeVisible();
    await page.clock.runFor(200);
    const paused = await trackTransform(page);
    await page.clock.runFor(1500);
    expect(await trackTransform(page)).toBe(paused);
  });

  test("does not auto-scroll when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openCarousel(page);
    await expect(page.locator("#different [data-playing]")).toHaveAttribute(
      "data-playing",
      "false",
    );
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const before = await trackTransform(page);
    // Past the auto-scroll's 600 ms start delay, with time to have moved well clear of a frame.
    await page.clock.runFor(2000);
    expect(await trackTransform(page)).toBe(before);
  });
});

test.describe("featured video", () => {
  test("shows a poster first and loads the muted, looping player only near the viewport", async ({
    page,
  }) => {
    await page.route("https://player.avanza.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await page.goto("/en");
    const video = page.locator("#video [data-player]");
    await expect(video).toHaveAttribute("data-player", "poster");
    await expect(page.locator("#video iframe")).toHaveCount(0);
    await scrollToSection(page, "video");
    const iframe = page.locator("#video iframe");
    await expect(iframe).toHaveAttribute("src", /autoplay=1.*muted=1.*loop=1/);
    await expect(iframe).toHaveAttribute("title", /Featured video/);
  });

  test("offline, the poster stays instead of an error page, and the player loads when the network returns", async ({
    page,
    context,
  }) => {
    await page.route("https://player.avanza.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await page.goto("/en");
    await context.setOffline(true);
    await scrollToSection(page, "video");
    // The poster image's observer has fired (it loads, or fails offline), so the player's, with its wider
    // margin, has too: the player has been asked for and held back.
    await expect(page.locator("#video [data-player] [data-state]")).not.toHaveAttribute(
      "data-state",
      /waiting|loading/,
    );
    await expect(page.locator("#video iframe")).toHaveCount(0);
    // The poster's box (the image, or the shared "failed to load" box while offline) stays in place.
    await expect(page.locator("#video [data-state]")).toBeVisible();
    await context.setOffline(false);
    await expect(page.locator("#video iframe")).toHaveAttribute("src", /autoplay=1/);
  });
});

test.describe("images", () => {
  test("a lazy image that fails shows a grey box saying so in the page language", async ({
    page,
  }) => {
    // The article covers come from the records (/media/{id}.svg).
    await page.route("**/media/*.svg", (route) => route.abort());
    await page.goto("/en/blog");
    await expect(page.getByText("Failed to load image").first()).toBeVisible();
    await page.goto("/blog");
    await expect(page.getByText("No se pudo cargar la imagen").first()).toBeVisible();
  });

  test("lazy images wait for the viewport before loading", async ({ page }) => {
    await page.goto("/en");
    const receptionistImage = page.locator("#ai-receptionist [data-state]");
    await expect(receptionistImage).toHaveAttribute("data-state", "waiting");
    await scrollToSection(page, "ai-receptionist");
    await expect(receptionistImage).toHaveAttribute("data-state", "loaded");
  });
});

test("the chat widget is off unless configured: no loader script is added", async ({ page }) => {
  await page.clock.install();
  await page.goto("/en");
  // A configured widget loads once the page is idle, at the latest after 4 s (components/site/chat-widget.tsx).
  await page.clock.runFor(5000);
  await expect(page.locator("script[data-chat-widget]")).toHaveCount(0);
});

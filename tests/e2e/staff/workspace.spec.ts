// One workspace for the sales team (issue 41): one staff language across every tool, the command palette
// (Ctrl/Cmd+K or the header's button), and a lead list whose e-mail column never wraps letter by letter.
// Screenshots at 1366 and 360 px in English and Spanish go to the test output.
import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "../support/constants";
import { signContextIn } from "../support/staff";

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };

const WORDS = {
  en: {
    analytics: "Avanza AI Analytics",
    combobox: "Find a lead, a proposal or a page by name",
    proposals: "Proposals",
    leads: "Leads",
  },
  es: {
    analytics: "Analytics de Avanza AI",
    combobox: "Busca un lead, una propuesta o una página por su nombre",
    proposals: "Propuestas",
    leads: "Leads",
  },
} as const;

/** The owner, signed in through the API in `lang` (the lock screen is accounts.spec.ts's subject). */
async function signedIn(browser: Browser, lang: "en" | "es", viewport = WIDE) {
  const context = await browser.newContext({ viewport });
  await signContextIn(context, { language: lang });
  const page = await context.newPage();
  await page.goto("/crm");
  await expect(page.getByTestId("notifications-link")).toBeVisible();
  return { context, page };
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test("a staff member's language is one setting: the switch changes every tool, and another browser follows it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await signedIn(browser, "en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The dashboard no longer starts in Spanish on its own: it speaks the account's language.
  await page.goto("/analytics");
  await expect(
    page.getByRole("heading", { level: 1, name: WORDS.en.analytics, exact: true }),
  ).toBeVisible();

  // Switched once, in the CRM…
  await page.goto("/crm");
  await page.getByRole("button", { name: "ES Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // …the dashboard and the proposals list speak it too.
  await page.goto("/analytics");
  await expect(
    page.getByRole("heading", { level: 1, name: WORDS.es.analytics, exact: true }),
  ).toBeVisible();
  await page.goto("/crm/proposals");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // A second browser with no language of its own: once signed in, the account's setting decides.
  const other = await browser.newContext({ viewport: WIDE });
  const otherPage = await other.newPage();
  await otherPage.goto("/crm");
  // Signed in without any language cookie (straight through the API), as a browser that never chose.
  const signIn = await other.request.post("/api/crm/auth", {
    data: { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD },
    headers: { origin: new URL(otherPage.url()).origin },
  });
  expect(signIn.status()).toBe(200);
  expect((await other.cookies()).map((cookie) => cookie.name)).not.toContain("avanza_staff_lang");
  await otherPage.goto("/analytics");
  await expect(
    otherPage.getByRole("heading", { level: 1, name: WORDS.es.analytics, exact: true }),
  ).toBeVisible();
  await other.close();

  // Back to English for the tests after this one.
  await page.goto("/crm");
  await page.getByRole("button", { name: "EN English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

for (const lang of ["en", "es"] as const) {
  test(`${lang}: the command palette finds a page, a lead and a proposal, by keyboard and by touch, loaded only when opened`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const words = WORDS[lang];
    const { context, page } = await signedIn(browser, lang);
    const origin = new URL(page.url()).origin;
    const tag = `pal${randomUUID().slice(0, 6)}`;
    const leadName = `Paloma ${tag}`;
    const created = await page.request.post("/api/crm/leads", {
      data: { name: leadName, email: `paloma.${tag}@example.com`, company: `Clínica ${tag}` },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const leadId = ((await created.json()) as { id: string }).id;
    const stored = await page.request.post("/api/crm/proposals", {
      data: {
        lead_id: leadId,
        data: { lang, title: `Recepcionista ${tag}`, client: { name: `Clínica ${tag}` } },
      },
      headers: { origin },
    });
    expect(stored.status()).toBe(201);
    const proposalId = ((await stored.json()) as { id: string }).id;

    // Its code is not part of the page's first load: a new script arrives when it is first opened.
    await page.reload();
    await expect(page.getByTestId("palette-button")).toBeVisible();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: words.combobox });
    await expect(input).toBeFocused();
    expect(scripts.length, "the palette's code loads when it is opened").toBeGreaterThan(0);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("option", { name: words.leads, exact: true })).toBeVisible();

    // A page by name, chosen with the arrow keys.
    await input.fill(words.proposals.slice(0, 5));
    const proposalsPage = dialog.getByRole("option", { name: words.proposals, exact: true });
    await expect(proposalsPage).toBeVisible();
    await shoot(page, testInfo, `palette-${lang}-1366-pages`);
    // A lead by name: the list's own search answers (and its proposal, found by the lead's name).
    await input.fill(leadName);
    const leadOption = dialog.getByRole("option", { name: new RegExp(`^${leadName}`) });
    const proposalOption = dialog.getByRole("option", { name: new RegExp(`Recepcionista ${tag}`) });
    await expect(leadOption).toBeVisible();
    await expect(proposalOption).toBeVisible();
    const activeIs = async (option: typeof leadOption) => {
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(input).toHaveAttribute(
        "aria-activedescendant",
        (await option.getAttribute("id"))!,
      );
    };
    await activeIs(leadOption);
    await input.press("ArrowDown");
    await activeIs(proposalOption);
    await input.press("ArrowUp");
    await activeIs(leadOption);
    await shoot(page, testInfo, `palette-${lang}-1366-lead`);
    await input.press("Enter");
    await expect(page).toHaveURL(`/crm/leads/${leadId}`);
    await expect(page.getByRole("heading", { level: 1, name: leadName })).toBeVisible();
    // Escape closes it without going anywhere, and the focus returns to the header's button.
    await page.keyboard.press("ControlOrMeta+k");
    await expect(input).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("palette-button")).toBeFocused();
    await expect(page).toHaveURL(`/crm/leads/${leadId}`);

    // On a phone: the header's button opens it, a tap picks a proposal by its title.
    await page.setViewportSize(PHONE);
    await page.getByTestId("palette-button").click();
    await input.fill(`Recepcionista ${tag}`);
    await expect(proposalOption).toBeVisible();
    await shoot(page, testInfo, `palette-${lang}-360-proposal`);
    await proposalOption.click();
    await expect(page).toHaveURL(`/proposal/db/${proposalId}`);

    // Nothing by that name: said in words, and the list is empty.
    await page.getByTestId("palette-button").click();
    await input.fill(`zz-${tag}-nothing`);
    await expect(dialog.getByRole("status")).toHaveText(
      lang === "es" ? "Nada con ese nombre." : "Nothing by that name.",
    );
    await expect(dialog.getByRole("option")).toHaveCount(0);
    await context.close();
  });
}

for (const lang of ["en", "es"] as const) {
  test(`${lang}: the lead list's e-mail column breaks at the @ and dots, never letter by letter, at 1366 px`, async ({
    browser,
  }, testInfo) => {
    const { context, page } = await signedIn(browser, lang);
    const origin = new URL(page.url()).origin;
    const tag = `mail${randomUUID().slice(0, 6)}`;
    const email = `maria.fernanda.gonzalez.${tag}@clinica-dental-santa-maria.example`;
    const created = await page.request.post("/api/crm/leads", {
      data: { name: `María ${tag}`, email, company: `Clínica Dental Santa María ${tag}` },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/crm?owner=all&q=${tag}`);
    const cell = page.locator("table:visible td", { has: page.locator(`[title="${email}"]`) });
    await expect(cell).toBeVisible();
    // Open the preview beside the list, as a rep does, so the table has its narrowest width.
    await page
      .locator("table:visible")
      .getByRole("button", { name: `María ${tag}` })
      .click();
    await expect(
      page.getByRole("link", {
        name: lang === "es" ? "Abrir la página del lead" : "Open lead page",
      }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`lead-list-email-${lang}-1366.png`) });
    const lines = await cell.evaluate((element) => {
      const span = element.querySelector("span")!;
      const lineHeight = parseFloat(getComputedStyle(span).lineHeight);
      return Math.round(span.getBoundingClientRect().height / lineHeight);
    });
    // Never letter by letter: a dozen characters a line at the least (the name, then the domain cut before
    // its dots), and the other columns keep their room.
    expect(lines).toBeLessThanOrEqual(Math.ceil(email.length / 12));
    const width = await cell.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(120);
    const table = page.locator("table:visible");
    const overflow = await table.evaluate(
      (element) => element.scrollWidth - element.parentElement!.clientWidth,
    );
    expect(overflow, "the table is wider than its box").toBeLessThanOrEqual(0);
    await context.close();
  });
}

/** Makes the browser report an Apple platform (navigator.platform and the client hints), as Safari on a Mac. */
const APPLE_PLATFORM = () => {
  Object.defineProperty(Navigator.prototype, "platform", { get: () => "MacIntel" });
  Object.defineProperty(Navigator.prototype, "userAgentData", {
    get: () => ({ platform: "macOS", brands: [], mobile: false }),
  });
};

for (const lang of ["en", "es"] as const) {
  test(`${lang}: the palette's hint says Ctrl K, and ⌘K on a Mac, with no hydration error and no shift`, async ({
    browser,
  }, testInfo) => {
    const widths: number[] = [];
    for (const isApple of [false, true]) {
      const context = await browser.newContext({ viewport: WIDE });
      if (isApple) await context.addInitScript(APPLE_PLATFORM);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      // Signed in first, so the CRM's first load is the page whose hydration is watched.
      await signContextIn(context, { language: lang });
      await page.goto("/crm");
      await expect(page.getByTestId("notifications-link")).toBeVisible();
      const hint = page.getByTestId("palette-shortcut");
      // The hint shown (the other one keeps its place, invisible).
      const shown = hint.locator("span:not(.invisible)");
      await expect(shown).toHaveText(isApple ? "⌘K" : "Ctrl K");
      await expect(hint.locator("span.invisible")).toHaveText(isApple ? "Ctrl K" : "⌘K");
      widths.push((await page.getByTestId("palette-button").boundingBox())!.width);
      expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      // Either shortcut opens it (pressed again until the page has hydrated: "Ctrl K" is there before).
      const input = page.getByRole("combobox", { name: WORDS[lang].combobox });
      await expect(async () => {
        await page.keyboard.press(isApple ? "Meta+k" : "Control+k");
        await expect(input).toBeFocused({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      await page.keyboard.press("Escape");
      await page.getByRole("banner").screenshot({
        path: testInfo.outputPath(`palette-hint-${lang}-${isApple ? "mac" : "pc"}.png`),
      });
      await context.close();
    }
    // The button is as wide either way: the hint never moves the header.
    expect(widths[0]).toBe(widths[1]);
  });
}

for (const lang of ["en", "es"] as const) {
  test(`${lang}: at 360 px a long e-mail wraps beside the stage badge, in the list, the preview and the lead page`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { context, page } = await signedIn(browser, lang);
    await page.setViewportSize(PHONE);
    const origin = new URL(page.url()).origin;
    const tag = `long${randomUUID().slice(0, 6)}`;
    // No name: the e-mail is the lead's title everywhere.
    const email = `maria.fernanda.gonzalez.rodriguez.${tag}@clinica-dental-santa-maria-del-mar.example`;
    const created = await page.request.post("/api/crm/leads", {
      data: { email, company: `Clínica Dental Santa María ${tag}` },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const leadId = ((await created.json()) as { id: string }).id;
    const fits = async (where: string) => {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
    };

    await page.goto(`/crm?owner=all&q=${tag}`);
    const card = page.locator("ul:visible li", { hasText: tag });
    await expect(card).toBeVisible();
    const badge = card.locator("span.rounded-full");
    const stage = lang === "es" ? "Cualificación" : "Qualification";
    await expect(badge).toHaveText(stage);
    const box = (await badge.boundingBox())!;
    // The whole badge on the screen and inside its card, on one line.
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const cardBox = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await fits("the list");
    await page.screenshot({
      path: testInfo.outputPath(`long-email-list-${lang}-360.png`),
      fullPage: true,
    });

    // The preview under the list.
    await card.getByRole("button").last().click();
    const preview = page.getByRole("region", {
      name: lang === "es" ? "Detalle del lead" : "Lead details",
    });
    await expect(preview.getByRole("link", { name: email })).toBeVisible();
    const link = (await preview.getByRole("link", { name: email }).boundingBox())!;
    expect(link.x + link.width).toBeLessThanOrEqual(PHONE.width);
    await fits("the preview");
    await preview.screenshot({ path: testInfo.outputPath(`long-email-preview-${lang}-360.png`) });

    // The lead page.
    await page.goto(`/crm/leads/${leadId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(tag);
    await fits("the lead page");
    await page.screenshot({
      path: testInfo.outputPath(`long-email-page-${lang}-360.png`),
      fullPage: true,
    });
    await context.close();
  });
}

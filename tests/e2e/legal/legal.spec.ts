import { expect, test } from "@playwright/test";

// What the legal pages say is read without a browser in tests/http/legal/legal.spec.ts; here what needs one:
// the table of contents, the language pair and printing.

const DOCUMENTS = [
  {
    path: "/privacy-policy",
    sections: 11,
    es: "Política de privacidad",
    en: "Privacy Policy",
    date: { es: "noviembre de 2026", en: "November 2026" },
  },
  {
    path: "/terms-and-conditions",
    sections: 13,
    es: "Términos y condiciones",
    en: "Terms and Conditions",
    date: { es: "septiembre de 2025", en: "September 2025" },
  },
] as const;

for (const doc of DOCUMENTS) {
  for (const [prefix, lang] of [
    ["", "es"],
    ["/en", "en"],
  ] as const) {
    test(`${prefix}${doc.path} shows ${doc.sections} numbered sections with a working table of contents`, async ({
      page,
    }) => {
      await page.goto(`${prefix}${doc.path}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc[lang]);
      await expect(page.locator("article header")).toContainText(doc.date[lang]);

      const sections = page.locator("[data-legal-section]");
      await expect(sections).toHaveCount(doc.sections);
      for (let i = 0; i < doc.sections; i++) {
        await expect(sections.nth(i).getByRole("heading", { level: 2 })).toHaveText(
          new RegExp(`^${i + 1}\\. \\S`),
        );
      }

      const toc = page.getByRole("navigation", { name: lang === "es" ? "Contenido" : "Contents" });
      await expect(toc.getByRole("link")).toHaveCount(doc.sections);
      const last = toc.getByRole("link").last();
      const target = (await last.getAttribute("href"))!;
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();

      const home = prefix || "/";
      await expect(
        page
          .getByRole("navigation", { name: lang === "es" ? "Ruta de navegación" : "Breadcrumb" })
          .getByRole("link"),
      ).toHaveAttribute("href", home);
      await expect(
        page.getByRole("link", { name: lang === "es" ? "Volver al inicio" : "Back to home" }),
      ).toHaveAttribute("href", home);
    });
  }
}

test("the EN/ES pair starts in Spanish, switches page language and stores nothing", async ({
  page,
}) => {
  await page.goto("/terms-and-conditions");
  const pair = page.getByRole("navigation", { name: "Idioma" });
  await expect(pair.getByRole("link")).toHaveText([/^ES/, /^EN/]);
  await pair.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/terms-and-conditions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
  expect(await page.evaluate(() => localStorage.getItem("av_lang"))).toBeNull();
  await page.goto("/terms-and-conditions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Términos y condiciones");
});

test("printing hides the site's controls and keeps the text", async ({ page }) => {
  await page.goto("/privacy-policy");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("switch")).toBeHidden();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-legal-section]").last()).toBeVisible();
});

import { expect, test } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";

startSignedInAsOwner();

test("the builder writes a proposal in both languages and the client's toggle switches its whole content", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const spanishTitle = `Agentes de voz para Clínica Norte ${stamp}`;
  const englishTitle = `Voice agents for Clínica Norte ${stamp}`;

  await page.goto("/proposal/new");
  await expect(page.getByText("This proposal is written in Spanish only")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(spanishTitle);
  await page.getByLabel("Client name").fill(`Clínica Norte ${stamp}`);

  // The English version starts as a copy to translate; the fields now edit English.
  await page.getByRole("button", { name: "Add the English version" }).click();
  const editing = page.getByRole("group", { name: "Editing" });
  await expect(editing.getByRole("button", { name: "English", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(spanishTitle);
  await page.getByLabel("Title", { exact: true }).fill(englishTitle);
  // Back in Spanish, the Spanish text is untouched.
  await editing.getByRole("button", { name: "Spanish", exact: true }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(spanishTitle);
  await expectNoAxeViolations(page, "builder (en)");

  await page.getByRole("button", { name: "Store in CRM" }).click();
  await page.getByRole("button", { name: "Share: open the client link" }).click();
  const link = page.getByTestId("builder-client-link");
  await expect(link).toBeVisible();
  const clientPath = new URL((await link.getAttribute("href"))!, "http://x").pathname;
  await page.getByRole("link", { name: "Open the stored proposal" }).click();
  await page.getByRole("button", { name: "Copy client link" }).click();
  await expect(page.getByTestId("proposal-status")).toHaveText("Shared");

  // The client switches language and the whole document follows, never a mix of the two.
  // The client's own browser, without the owner's session this spec's contexts start with.
  const client = await browser.newContext({ locale: "es-ES", storageState: undefined });
  const clientPage = await client.newPage();
  await clientPage.goto(clientPath);
  const heading = clientPage.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(spanishTitle);
  // The client page's toggle is a pair of links: each renders the whole page on the server in that language.
  const toggle = clientPage.getByRole("group", { name: "Idioma del documento" });
  await toggle.getByRole("link", { name: "EN" }).click();
  await expect(heading).toHaveText(englishTitle);
  await expect(clientPage.locator("html")).toHaveAttribute("lang", "en");
  await expect(clientPage.getByText(spanishTitle)).toHaveCount(0);
  await clientPage
    .getByRole("group", { name: "Document language" })
    .getByRole("link", { name: "ES" })
    .click();
  await expect(heading).toHaveText(spanishTitle);
  await client.close();

  // The builder's Spanish interface passes axe too.
  await page.goto("/proposal/new");
  await page.getByRole("button", { name: /^ES/ }).click();
  await expect(page.getByText("Esta propuesta está escrita solo en español")).toBeVisible();
  await expectNoAxeViolations(page, "builder (es)");
});

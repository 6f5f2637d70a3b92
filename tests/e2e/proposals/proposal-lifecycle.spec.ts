import { expect, test } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";
import { drawSignature } from "../support/signature";

startSignedInAsOwner();

test("share by 'Copy client link' → client opens → staff edit → the stale signature reloads the new version → signs → sealed PDF → verify matches", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/proposal/new");
  const name = `Ferretería Norte ${Date.now().toString(36)}`;
  await page.getByLabel("Client name").fill(name);
  await page.getByRole("button", { name: "Store in CRM" }).click();
  await page.getByRole("button", { name: "Share: open the client link" }).click();
  const link = page.getByTestId("builder-client-link");
  await expect(link).toBeVisible();
  const clientPath = new URL((await link.getAttribute("href"))!, "http://x").pathname;
  await page.getByRole("link", { name: "Open the stored proposal" }).click();
  await page.getByRole("button", { name: "Copy client link" }).click();
  await expect(page.getByTestId("proposal-status")).toHaveText("Shared");
  const id = new URL(page.url()).pathname.split("/").pop()!;

  // The client's own browser, without the owner's session this spec's contexts start with.
  const client = await browser.newContext({ storageState: undefined });
  const clientPage = await client.newPage();
  await clientPage.goto(clientPath);
  await expect(clientPage.getByTestId("proposal-client")).toHaveText(name);
  await expect(clientPage.getByTestId("proposal-changed")).toHaveCount(0);
  await expectNoAxeViolations(clientPage);

  // Staff change the title while the client has the page open.
  const status = await page.evaluate(async (proposalId) => {
    const current = await fetch(`/api/crm/proposals/${proposalId}`).then((r) => r.json());
    const response = await fetch(`/api/crm/proposals/${proposalId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { ...current.data.data, title: "Versión revisada" } }),
    });
    return response.status;
  }, id);
  expect(status).toBe(200);

  await clientPage.getByLabel("Nombre completo").fill("Ana Pérez");
  await clientPage.getByLabel("Cargo").fill("Directora");
  await clientPage.getByLabel("Fecha").fill("2026-11-23");
  await drawSignature(clientPage);
  await clientPage.getByRole("button", { name: "Guardar firma" }).click();
  await expect(clientPage.getByText("Esta propuesta cambió mientras la leía.")).toBeVisible();
  await expect(clientPage.getByText("Versión revisada").first()).toBeVisible();
  await expect(clientPage.getByTestId("proposal-changed")).toBeVisible();

  await drawSignature(clientPage);
  await clientPage.getByRole("button", { name: "Guardar firma" }).click();
  await expect(clientPage.getByTestId("proposal-signed")).toContainText("Ana Pérez");

  const download = clientPage.waitForEvent("download");
  await clientPage
    .getByRole("navigation", { name: "Acciones de la propuesta" })
    .getByTestId("signed-pdf-link")
    .click();
  const pdfPath = await (await download).path();

  await clientPage.goto("/proposals/verify?lang=en");
  await expect(clientPage.getByRole("heading", { name: "Verify a signed proposal" })).toBeVisible();
  await expectNoAxeViolations(clientPage);
  await clientPage.getByLabel("Signed PDF").setInputFiles(pdfPath);
  await clientPage.getByRole("button", { name: "Verify" }).click();
  await expect(clientPage.getByTestId("verify-outcome")).toContainText(
    "This document matches: we sealed it.",
  );
  await expect(clientPage.getByTestId("verify-outcome")).toContainText("Ana Pérez");

  await clientPage.getByRole("link", { name: "Español" }).click();
  await expect(
    clientPage.getByRole("heading", { name: "Verificar una propuesta firmada" }),
  ).toBeVisible();
  await expect(clientPage.locator("html")).toHaveAttribute("lang", "es");
  await expectNoAxeViolations(clientPage);
  await client.close();

  await page.reload();
  await expect(page.getByTestId("proposal-status")).toHaveText("Signed");
});

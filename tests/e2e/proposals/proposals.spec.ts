import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { signInThroughApi, startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";
import { trackOpenRequests } from "../support/payloads";
import { drawSignature } from "../support/signature";

const actions = (page: Page) => page.getByRole("navigation", { name: "Acciones de la propuesta" });

test.describe("sample proposals", () => {
  test("the premium sample reads in Spanish, switches to English, and passes axe", async ({
    page,
  }) => {
    await page.goto("/proposal/santo-domingo-motors");
    await expect(page.getByTestId("proposal-client")).toHaveText("Santo Domingo Motors");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Plataforma de agentes de IA para ventas, posventa y reactivación de clientes",
    );
    await expect(page.getByText("USD 37,000").first()).toBeVisible();
    await expect(
      page.getByText(
        /50% al inicio, 40% antes de pasar a producción y 10% a los 14 días del despliegue/,
      ),
    ).toBeVisible();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
    await expectNoAxeViolations(page);

    await actions(page).getByRole("button", { name: "EN", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "AI agent platform for sales, after-sales and customer reactivation",
    );
    await expect(page.getByRole("navigation", { name: "Proposal actions" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectNoAxeViolations(page);
  });

  test("the pilot sample shows its 2-week plan and pilot prices", async ({ page }) => {
    await page.goto("/proposal/santo-domingo-motors/mvp");
    await expect(page.getByRole("heading", { name: "Piloto", exact: true })).toBeVisible();
    await expect(page.getByText("USD 12,200").first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "USD 1,400" })).toBeVisible();
    await expect(page.getByText(/70% al inicio y 30% al final/).first()).toBeVisible();
  });

  test("a sample offers no payment, 'Talk to an agent' dials, sending without a contact says so on the page and sends nothing; no browser dialog ever opens", async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto("/proposal/santo-domingo-motors");
    await actions(page).getByRole("button", { name: "EN", exact: true }).click();
    const english = page.getByRole("navigation", { name: "Proposal actions" });
    // Payment belongs to a signed client link with a way to pay configured, never to a sample.
    await expect(english.getByRole("button", { name: "Proceed with payment" })).toHaveCount(0);
    await expect(english.getByRole("link", { name: "Talk to an agent" })).toHaveAttribute(
      "href",
      /^tel:\+?\d+$/,
    );

    await english.getByRole("button", { name: "ES", exact: true }).click();
    let requests = 0;
    page.on("request", (request) => request.url().includes("/api/crm/") && requests++);
    await actions(page).getByRole("button", { name: "Enviar por email" }).click();
    await expect(page.getByTestId("proposal-feedback")).toHaveText(
      "No hay email de contacto del cliente.",
    );
    expect(requests).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test("print media hides the actions and keeps the document", async ({ page }) => {
    await page.goto("/proposal/santo-domingo-motors");
    await expect(actions(page)).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(actions(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const avoid = await page
      .locator(".proposal-document table")
      .first()
      .evaluate((table) => getComputedStyle(table).breakInside);
    expect(avoid).toBe("avoid");
  });

  test("the mobile action menu opens over the document without locking the page, and closes on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/proposal/santo-domingo-motors");
    const toggle = page.getByRole("button", { name: "Acciones", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(page.getByRole("button", { name: "Cerrar acciones" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
    const print = page.getByRole("button", { name: "Imprimir" });
    await expect(print).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(print).toBeHidden();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("Download PDF is the server's tagged A4 PDF of the sample in the page's language; no PDF library reaches the browser", async ({
    page,
  }) => {
    const scripts: { url: string; body: string }[] = [];
    const reading: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      reading.push(
        response
          .text()
          .catch(() => "")
          .then((body) => void scripts.push({ url: response.url(), body })),
      );
    });
    const { settled } = trackOpenRequests(page);
    await page.goto("/proposal/santo-domingo-motors");
    // Every script the page loads has come, and has been read.
    await settled();
    await Promise.all(reading);
    expect(scripts.length).toBeGreaterThan(0);
    const hasPdfLibrary = (body: string) =>
      body.includes("jsPDF") || /html2canvas(?!-ignore)/.test(body) || body.includes("PDFKit");
    expect(scripts.filter((s) => hasPdfLibrary(s.body)).map((s) => s.url)).toEqual([]);
    // Validation (zod) is only needed where stored data is read back, not to show a sample.
    expect(scripts.filter((s) => s.body.includes("ZodError")).map((s) => s.url)).toEqual([]);

    // The toggle switches the whole page, its actions bar included, and the PDF with it.
    for (const [lang, bar, label, heading] of [
      ["es", "Acciones de la propuesta", "Descargar PDF", "Inversión inicial"],
      ["en", "Proposal actions", "Download PDF", "Initial investment"],
    ] as const) {
      if (lang === "en") await page.getByRole("button", { name: "EN", exact: true }).click();
      const link = page
        .getByRole("navigation", { name: bar })
        .getByRole("link", { name: label, exact: true });
      await expect(link).toHaveAttribute("href", new RegExp(`lang=${lang}$`));
      const download = page.waitForEvent("download");
      await link.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("Santo Domingo Motors - Avanza AI.pdf");
      const path = (await file.path())!;
      const info = execFileSync("pdfinfo", [path]).toString();
      expect(info).toMatch(/Tagged:\s+yes/);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
      expect(info).toMatch(/Title:\s+\S/);
      expect(execFileSync("pdftotext", [path, "-"]).toString()).toContain(heading);
    }
    await Promise.all(reading);
    expect(scripts.some((s) => hasPdfLibrary(s.body))).toBe(false);
  });
});

test("on a sample the signature is kept in the browser and survives a reload", async ({ page }) => {
  await page.goto("/proposal/santo-domingo-motors/mvp");
  await expect(page.getByText("Esta firma se guarda solo en este navegador.")).toBeVisible();
  await expect(page.getByLabel("Empresa")).toHaveValue("Santo Domingo Motors");
  await page.getByLabel("Nombre completo").fill("Rafael Núñez");
  await page.getByLabel("Cargo").fill("Gerente general");
  await page.getByLabel("Fecha").fill("2026-11-22");
  await drawSignature(page);
  await page.getByRole("button", { name: "Guardar firma" }).click();
  await expect(page.getByTestId("proposal-signed")).toContainText(
    "Firmada por Rafael Núñez, Gerente general (Santo Domingo Motors)",
  );
  await page.reload();
  await expect(page.getByRole("img", { name: "Firma de Rafael Núñez" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar firma" })).toHaveCount(0);
  expect(
    await page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith(":signature"))),
  ).toBe(true);
});

test.describe("builder and stored proposals", () => {
  test.describe("signed in as the owner", () => {
    startSignedInAsOwner();

    test("builder → keep in this browser → view; duplicate → the builder loads the draft (axe on both)", async ({
      page,
    }) => {
      test.slow();
      await page.goto("/proposal/new");
      const clientName = page.getByLabel("Client name");
      await expect(clientName).toHaveValue("Empresa Ejemplo");
      await expect(page.getByLabel("Amount").first()).toHaveValue("6,000");
      await expect(page.getByLabel("Subtotal")).toHaveValue("24,000");
      await expectNoAxeViolations(page);

      const name = `Ferretería Central ${Date.now().toString(36)}`;
      await clientName.fill(name);
      // Lists can grow, shrink and be reordered.
      const kpis = page.getByRole("group", { name: "Key indicators (KPIs)" }).first();
      await kpis.getByRole("button", { name: "Add Key indicators (KPIs)" }).click();
      await kpis.getByLabel("KPI").last().fill("Tercer KPI de prueba");
      await kpis.getByRole("button", { name: "Move up Key indicators (KPIs), item 3" }).click();
      await expect(kpis.getByLabel("KPI").nth(1)).toHaveValue("Tercer KPI de prueba");
      await kpis.getByRole("button", { name: "Remove Key indicators (KPIs), item 1" }).click();
      await expect(kpis.getByLabel("KPI")).toHaveCount(2);

      await page.getByRole("button", { name: "Keep in this browser only" }).click();
      await expect(page).toHaveURL(/\/proposal\/view\/p_\d+$/);
      await expect(page.getByTestId("proposal-client")).toHaveText(name);
      await expect(page.getByText("Tercer KPI de prueba")).toBeVisible();
      await expectNoAxeViolations(page);

      await actions(page).getByRole("button", { name: "EN", exact: true }).click();
      await page
        .getByRole("navigation", { name: "Proposal actions" })
        .getByRole("button", { name: "Duplicate" })
        .click();
      await expect(page).toHaveURL(/\/proposal\/new\?from=draft_\d+$/);
      await expect(page.getByLabel("Client name")).toHaveValue(name);
      await expect(page.getByTestId("builder-lang")).toHaveText("English");
    });

    test("client link: valid for 30 days, sign with a drawn signature, reload shows it signed and read-only", async ({
      page,
      browser,
    }) => {
      test.slow();
      await page.goto("/proposal/new");
      await expect(page.getByLabel("Client name")).toBeVisible();
      const name = `Autos Caribe ${Date.now().toString(36)}`;
      await page.getByLabel("Client name").fill(name);
      await page.getByLabel("Contact email").fill("compras@autos-caribe.example");
      await page.getByRole("button", { name: "Store in CRM" }).click();
      // Until it is shared the builder shows no link that would answer 404.
      await expect(page.getByTestId("builder-link-state")).toHaveText("not shared yet");
      await expect(page.getByTestId("builder-client-link")).toHaveCount(0);
      await expect(page).toHaveURL(/\/proposal\/new\?proposal=[0-9a-f-]{36}$/);
      const storedId = new URL(page.url()).searchParams.get("proposal")!;
      const clientPath = await page.evaluate(async (id) => {
        const stored = await fetch(`/api/crm/proposals/${id}`).then((r) => r.json());
        return new URL(stored.data.url).pathname;
      }, storedId);
      expect(clientPath).toMatch(/^\/proposals\/ai-generated\/[A-Za-z0-9_-]{43}$/);

      // The staff view shows its status.
      await page.getByRole("link", { name: "Open the stored proposal" }).click();
      await expect(page.getByTestId("proposal-status")).toHaveText("Draft");

      // A draft's link does not open for the client: the same 404 as an unknown link, readable without
      // JavaScript (rendered on the server, not filled in by the browser).
      // The client's own browsers, without the owner's session this test's contexts start with.
      const noScript = await browser.newContext({
        javaScriptEnabled: false,
        storageState: undefined,
      });
      const noScriptPage = await noScript.newPage();
      const draftAnswer = await noScriptPage.goto(clientPath);
      expect(draftAnswer?.status()).toBe(404);
      await expect(noScriptPage.getByRole("heading", { name: "Proposal not found" })).toBeVisible();
      const draftText = await noScriptPage.getByTestId("proposal-not-found").textContent();
      const unknownAnswer = await noScriptPage.goto(`/proposals/ai-generated/${"y".repeat(43)}`);
      expect(unknownAnswer?.status()).toBe(404);
      expect(await noScriptPage.getByTestId("proposal-not-found").textContent()).toBe(draftText);
      await noScript.close();
      const client = await browser.newContext({ storageState: undefined });
      const clientPage = await client.newPage();

      // 'Copy client link' shares it without any mail server: the 30 days start now.
      await page.getByRole("button", { name: "Copy client link" }).click();
      await expect(page.getByTestId("proposal-status")).toHaveText("Shared");
      await expect(page.getByTestId("proposal-expiry")).toHaveText(/^Valid until /);

      // The staff page speaks the staff member's language (English) around a Spanish document: the toolbar,
      // the page's language and title are English, the document keeps its own.
      const toolbar = page.getByRole("navigation", { name: "Proposal actions" });
      await expect(toolbar.getByRole("button", { name: "Print" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Acciones de la propuesta" })).toHaveCount(
        0,
      );
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page).toHaveTitle(/^Proposal/);
      await expect(page.locator('article[lang="es"]').getByTestId("proposal-client")).toHaveText(
        name,
      );
      // Sending is previewed first, then only queues the e-mail (this server has no SMTP: the outbox will
      // show it retrying).
      await toolbar.getByRole("button", { name: "Send by email" }).click();
      const mail = page.getByTestId("proposal-email-dialog");
      await mail.getByRole("button", { name: "Preview the e-mail" }).click();
      await expect(mail.getByTestId("proposal-email-subject")).not.toBeEmpty();
      await mail.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByTestId("proposal-staff-feedback")).toHaveText(/E-mail queued/);
      await expect(page.getByTestId("proposal-status")).toHaveText("Shared");

      // The client opens the link in their own browser, without a staff session.
      await clientPage.goto(clientPath);
      await expect(clientPage.getByTestId("proposal-client")).toHaveText(name);
      await expect(clientPage.getByTestId("proposal-validity")).toHaveText(
        /^Esta propuesta es válida hasta/,
      );
      await expect(clientPage.getByLabel("Empresa")).toHaveValue(name);
      await clientPage.getByRole("button", { name: "Guardar firma" }).click();
      await expect(
        clientPage
          .getByRole("alert")
          .filter({ hasText: "Complete nombre, cargo, empresa y fecha." }),
      ).toBeVisible();
      await clientPage.getByLabel("Nombre completo").fill("Ana Pérez");
      await clientPage.getByLabel("Cargo").fill("Directora comercial");
      await clientPage.getByLabel("Fecha").fill("2026-11-22");
      await clientPage.getByRole("button", { name: "Guardar firma" }).click();
      await expect(
        clientPage.getByRole("alert").filter({ hasText: "Dibuje su firma antes de guardar." }),
      ).toBeVisible();
      await drawSignature(clientPage);
      await clientPage.getByRole("button", { name: "Guardar firma" }).click();
      await expect(clientPage.getByTestId("proposal-signed")).toContainText(
        "Firmada por Ana Pérez, Directora comercial",
      );
      await expectNoAxeViolations(clientPage);

      await clientPage.reload();
      await expect(clientPage.getByTestId("proposal-signed")).toBeVisible();
      await expect(clientPage.getByRole("img", { name: "Firma de Ana Pérez" })).toBeVisible();
      await expect(clientPage.getByRole("button", { name: "Guardar firma" })).toHaveCount(0);
      // Once signed, the one download is the sealed PDF; the page no longer exports its own.
      await expect(
        clientPage
          .getByRole("navigation", { name: "Acciones de la propuesta" })
          .getByRole("link", { name: "Descargar PDF", exact: true }),
      ).toHaveCount(0);
      const signedPdf = clientPage.waitForEvent("download");
      await clientPage
        .getByRole("navigation", { name: "Acciones de la propuesta" })
        .getByRole("link", { name: "Descargar el PDF firmado" })
        .click();
      expect((await signedPdf).suggestedFilename()).toBe("signed-proposal.pdf");
      await client.close();

      await page.reload();
      await expect(page.getByTestId("proposal-status")).toHaveText("Signed");

      // The proposals list shows it with its status.
      await page.goto("/crm/proposals");
      const row = page
        .getByRole("table", { name: "Stored proposals" })
        .getByRole("row", { name: new RegExp(name) });
      await expect(row.getByRole("cell", { name: "Signed" })).toBeVisible();
    });
  });

  test("a missing local proposal says so", async ({ page }) => {
    await page.goto("/proposal/view/p_123");
    await expect(page.getByText("No se encontró la propuesta.")).toBeVisible();
  });

  test("an unknown client link answers 404 in the visitor's language with a way home; an unknown CRM id fails in red", async ({
    page,
    browser,
  }) => {
    // Playwright's default browser asks for en-US: the 404 answers in English.
    const answer = await page.goto(`/proposals/ai-generated/${"x".repeat(43)}`);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Proposal not found" })).toBeVisible();
    await expect(page.getByTestId("proposal-not-found")).toHaveText(
      /This proposal link is not available/,
    );
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectNoAxeViolations(page);
    const spanish = await browser.newContext({ locale: "es-ES" });
    const spanishPage = await spanish.newPage();
    await spanishPage.goto(`/proposals/ai-generated/${"x".repeat(43)}`);
    await expect(
      spanishPage.getByRole("heading", { name: "Propuesta no encontrada" }),
    ).toBeVisible();
    await expect(spanishPage.getByTestId("proposal-not-found")).toHaveText(
      /Este enlace de propuesta no está disponible/,
    );
    await expect(spanishPage.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoAxeViolations(spanishPage);
    await spanish.close();

    await signInThroughApi(page);
    await page.goto("/proposal/db/00000000-0000-4000-8000-000000000000");
    const failure = page
      .getByRole("alert")
      .filter({ hasText: "Could not load the proposal from the CRM" });
    await expect(failure).toBeVisible();
    await expect(failure).toHaveClass(/text-red-700/);
  });
});

test.describe("from the CRM", () => {
  startSignedInAsOwner();

  test("'Generate proposal' on a CRM lead opens a draft built from its answers in the builder", async ({
    page,
  }) => {
    await page.goto("/crm?q=Olivia%20Brown");
    await page.getByRole("button", { name: "Olivia Brown" }).click();
    const detail = page.getByRole("region", { name: "Lead details" });
    await detail.getByRole("button", { name: "Generate proposal" }).click();
    await expect(page).toHaveURL(/\/proposal\/new\?from=draft_\d+$/);
    await expect(page.getByLabel("Client name")).toHaveValue("Northwind Capital");
    await expect(page.getByLabel("Contact email")).toHaveValue("olivia.brown@example.com");
    await expect(page.getByTestId("builder-lang")).toHaveText("English");
    // The lead by its name, linking to it; never its id.
    await expect(page.getByTestId("builder-lead").getByRole("link")).toHaveText("Olivia Brown");
    await expect(page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/)).toHaveCount(0);
    await expect(page.getByText(/draft_\d/)).toHaveCount(0);
    await expect(page.getByLabel("Subtotal")).not.toHaveValue("");
  });
});

import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";

// The manager's view (issue 37): the per-salesperson table and the forecast on the dashboard, and the stage
// probabilities in the CRM settings, at phone and laptop widths in both languages.

const TEXT = {
  en: {
    sales: "Per salesperson",
    forecast: "Forecast",
    monthShown: "Month shown",
    settings: "Stage limits and win probabilities",
    campaigns: "Campaigns",
    lost: "Lost deals by reason",
    lostReasons: "Lost reasons",
    newLead: "New lead",
    actions: "Actions",
    createLead: "Create lead",
    name: "Name",
    detail: "Lead details",
    stage: "Stage",
    lostStage: "Lost",
    dialog: (lead: string) => `Why was ${lead} lost?`,
    price: "Price",
    other: "Other",
    confirm: "Move to Lost",
    cancel: "Cancel",
    chooseReason: "Choose a reason.",
    needDetail: "Say a few words about the reason.",
    details: "Details (needed for “Other”)",
    reasonOnTimeline: "Reason: Other — Went with an in-house team",
    expectedClose: "Expected close",
    save: "Save",
    setByHand: "Set by hand; the forecast counts the deal in this month.",
    otherReason: "Other",
  },
  es: {
    sales: "Por vendedor",
    forecast: "Previsión",
    monthShown: "Mes que se muestra",
    settings: "Límites por etapa y probabilidades de ganar",
    campaigns: "Campañas",
    lost: "Tratos perdidos por motivo",
    lostReasons: "Motivos de pérdida",
    newLead: "Nuevo lead",
    actions: "Acciones",
    createLead: "Crear lead",
    name: "Nombre",
    detail: "Detalle del lead",
    stage: "Etapa",
    lostStage: "Perdido",
    dialog: (lead: string) => `¿Por qué se perdió ${lead}?`,
    price: "Precio",
    other: "Otro",
    confirm: "Pasar a Perdido",
    cancel: "Cancelar",
    chooseReason: "Elige un motivo.",
    needDetail: "Escribe unas palabras sobre el motivo.",
    details: "Detalles (necesarios para «Otro»)",
    reasonOnTimeline: "Motivo: Otro — Went with an in-house team",
    expectedClose: "Cierre previsto",
    save: "Guardar",
    setByHand: "Fijado a mano; la previsión cuenta el trato en este mes.",
    otherReason: "Otro",
  },
} as const;

/** A day about a month ahead, as the date input takes it. */
const NEXT_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

// The owner is signed in (the stored session); each test sets the account's language it needs.
startSignedInAsOwner("es");

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const width of [360, 1366]) {
  test(`the per-salesperson table, the forecast and the stage probabilities at ${width} px`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ["es", "en"] as const) {
      // The staff language, as the shell's switch keeps it (on phones that switch sits in the menu);
      // the CRM and the dashboard follow the same choice.
      // The account's one language, set as the header's switch sets it.
      expect(
        (
          await page.request.put("/api/staff/language", {
            data: { lang: lang },
            headers: { origin: new URL(testInfo.project.use.baseURL!).origin },
          })
        ).status(),
      ).toBe(200);
      await page.goto("/analytics?range=last30days");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const sales = page.getByRole("region", { name: TEXT[lang].sales });
      await expect(sales.getByRole("table")).toBeVisible();
      const forecast = page.getByRole("region", { name: TEXT[lang].forecast });
      await expect(forecast.getByRole("table")).toBeVisible();
      // The honest cards say what they count; campaigns and lost reasons have their own tables.
      await expect(page.getByTestId("what-totalOptins")).toBeVisible();
      await expect(page.getByTestId("contact-form-row")).toBeVisible();
      await expect(page.getByRole("region", { name: TEXT[lang].campaigns })).toBeVisible();
      await expect(page.getByRole("region", { name: TEXT[lang].lost })).toBeVisible();
      const monthShown = forecast.getByLabel(TEXT[lang].monthShown);
      if (width <= 480) {
        // Stacked rows: the table's head is only for screen readers and each cell names its column.
        await expect(forecast.locator("thead")).toHaveCSS("position", "absolute");
        // One month at a time (this month first), chosen above the table, instead of nine months of rows.
        const months = await monthShown.locator("option").allTextContents();
        expect(months).toHaveLength(9);
        const opening = await monthShown.inputValue();
        const visibleRows = forecast.locator("tbody tr:visible");
        await expect(visibleRows.first()).toHaveCSS("display", "block");
        await expect(visibleRows.first().locator("th")).toContainText(
          (await monthShown.locator("option:checked").textContent())!,
        );
        await monthShown.selectOption({ index: 0 });
        await expect(visibleRows.first().locator("th")).toContainText(months[0]!);
        expect(await forecast.locator("tbody tr").count()).toBeGreaterThan(
          await visibleRows.count(),
        );
        await monthShown.selectOption(opening);
      } else await expect(monthShown).toBeHidden();
      await forecast.screenshot({
        path: testInfo.outputPath(`analytics-forecast-${lang}-${width}.png`),
      });
      await sales.scrollIntoViewIfNeeded();
      await shoot(page, testInfo, `analytics-sales-${lang}-${width}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);

      await page.goto("/crm?tab=pipeline");
      await page.getByText(TEXT[lang].settings).click();
      await expect(page.locator("#probability-Negotiation")).toBeVisible();
      await page.locator("#probability-Negotiation").scrollIntoViewIfNeeded();
      await shoot(page, testInfo, `crm-stage-probability-${lang}-${width}`);
    }
    await context.clearCookies();
  });
}

for (const [width, lang] of [
  [1366, "en"],
  [360, "es"],
] as const) {
  test(`a lead's expected close and its move to Lost with a reason, then the dashboard's lost reasons, at ${width} px (${lang})`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    const text = TEXT[lang];
    await page.setViewportSize({ width, height: 900 });
    // The account's one language, set as the header's switch sets it.
    expect(
      (
        await page.request.put("/api/staff/language", {
          data: { lang: lang },
          headers: { origin: new URL(testInfo.project.use.baseURL!).origin },
        })
      ).status(),
    ).toBe(200);
    await page.goto("/crm");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);

    const name = `Perdido ${Date.now().toString(36)}`;
    // On a phone the list's actions sit behind a disclosure.
    if (width <= 480) await page.locator("summary", { hasText: text.actions }).click();
    await page.getByRole("button", { name: text.newLead }).click();
    const create = page.getByRole("dialog", { name: text.newLead });
    await create.getByLabel(text.name).fill(name);
    await create.getByRole("button", { name: text.createLead }).click();
    await expect(create).toBeHidden();
    const detail = page.getByRole("region", { name: text.detail });
    await expect(detail.getByRole("heading", { name })).toBeVisible();

    // Expected close: set by hand, saved through the API.
    const close = detail.getByTestId("expected-close");
    await close.getByLabel(text.expectedClose).fill(NEXT_MONTH);
    const saved = page.waitForResponse(
      (r) => /\/api\/crm\/leads\/[^/]+$/.test(r.url()) && r.request().method() === "PATCH",
    );
    await close.getByRole("button", { name: text.save }).click();
    expect((await saved).status()).toBe(200);
    await expect(close.getByText(text.setByHand)).toBeVisible();
    await close.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `crm-expected-close-${lang}-${width}`);

    // Lost asks why: cancelling leaves the lead where it was; "other" needs words.
    await detail.getByLabel(text.stage, { exact: true }).selectOption({ label: text.lostStage });
    const ask = page.getByRole("dialog", { name: text.dialog(name) });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: text.cancel }).click();
    await expect(ask).toBeHidden();
    await expect(detail.getByLabel(text.stage, { exact: true })).not.toHaveValue("Lost");

    await detail.getByLabel(text.stage, { exact: true }).selectOption({ label: text.lostStage });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: text.confirm }).click();
    await expect(ask.getByText(text.chooseReason)).toBeVisible();
    await ask.getByRole("radio", { name: text.other }).check();
    await ask.getByRole("button", { name: text.confirm }).click();
    await expect(ask.getByText(text.needDetail)).toBeVisible();
    await ask.getByLabel(text.details).fill("Went with an in-house team");
    await shoot(page, testInfo, `crm-lost-reason-dialog-${lang}-${width}`);
    const moved = page.waitForResponse(
      (r) => r.url().includes("/move?stage=Lost") && r.request().method() === "POST",
    );
    await ask.getByRole("button", { name: text.confirm }).click();
    expect((await moved).status()).toBe(200);
    await expect(ask).toBeHidden();
    await expect(detail.getByText(text.reasonOnTimeline)).toBeVisible();
    await detail.getByText(text.reasonOnTimeline).scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `crm-lost-reason-timeline-${lang}-${width}`);

    // Managers keep the list in the CRM settings.
    await page.goto("/crm?tab=pipeline");
    await page.getByText(text.settings).click();
    const reasons = page.getByRole("group", { name: text.lostReasons });
    await expect(reasons.getByText(text.price, { exact: true })).toBeVisible();
    await reasons.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `crm-lost-reasons-settings-${lang}-${width}`);

    // The dashboard counts it under its reason and the stage it left.
    await page.goto("/analytics?range=last7days");
    const lost = page.getByRole("region", { name: text.lost });
    await expect(
      lost.getByRole("row", { name: new RegExp(`^${text.otherReason}\\b`) }),
    ).toBeVisible();
    await lost.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `analytics-lost-reasons-${lang}-${width}`);
    const campaigns = page.getByRole("region", { name: text.campaigns });
    await campaigns.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `analytics-campaigns-${lang}-${width}`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await context.clearCookies();
  });
}

import { readFileSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";

// The leads behind a figure (issue 37): a manager clicks a figure of the per-salesperson table or of the lost
// reasons and the CRM lists exactly that many leads; the lost-reasons table downloads as CSV; the forecast
// shows its "forecast at the start" column. Phone and laptop widths, both languages.

const TEXT = {
  en: {
    select: (name: string) => `Select ${name}`,
    lostStage: "Lost",
    apply: "Apply",
    bulkTitle: "Why was the selected lead lost?",
    price: "Price",
    confirm: "Move to Lost",
    sales: "Per salesperson",
    forecast: "Forecast",
    lost: "Lost deals by reason",
    atStart: "Forecast at the start",
    csv: "Download CSV",
  },
  es: {
    select: (name: string) => `Seleccionar ${name}`,
    lostStage: "Perdido",
    apply: "Aplicar",
    bulkTitle: "¿Por qué se perdió el lead seleccionado?",
    price: "Precio",
    confirm: "Pasar a Perdido",
    sales: "Por vendedor",
    forecast: "Previsión",
    lost: "Tratos perdidos por motivo",
    atStart: "Previsto al inicio",
    csv: "Descargar CSV",
  },
} as const;

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The CRM list's rows: a table on a laptop, a list of buttons on a phone. */
const leadRows = (page: Page, width: number) =>
  width < 768
    ? page
        .getByRole("region", { name: "Leads" })
        .getByRole("list", { name: "Leads" })
        .locator(":scope > li")
    : page.getByRole("region", { name: "Leads" }).locator("tbody tr");

/** The figure a link shows ("1.234" or "1,234"), as a number. */
const figureOf = (text: string) => Number(text.replace(/\D/g, ""));

// The owner is signed in (the stored session); each language is chosen below.
startSignedInAsOwner("es");

for (const width of [360, 1366]) {
  test(`a figure opens exactly its leads, and lost reasons download as CSV, at ${width} px`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });

    // A deal lost for "price" today, so the lost-reasons table has a figure to open.
    const origin = new URL(testInfo.project.use.baseURL!).origin;
    const created = await page.request.post("/api/crm/leads", {
      data: { name: `Caro ${Date.now().toString(36)}` },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const lead = (await created.json()) as { id: string };
    const lost = await page.request.post(`/api/crm/leads/${lead.id}/move?stage=Lost`, {
      data: { reason: "price" },
      headers: { origin },
    });
    expect(lost.status()).toBe(200);
    // An open deal with a value expected this month, so the forecast has figures to show.
    const open = await page.request.post("/api/crm/leads", {
      data: { name: `Previsto ${Date.now().toString(36)}` },
      headers: { origin },
    });
    const openLead = (await open.json()) as { id: string };
    const valued = await page.request.patch(`/api/crm/leads/${openLead.id}`, {
      data: {
        value: { currency: "USD", initial: 12000, monthly: 500 },
        expected_close: new Date().toISOString().slice(0, 10),
      },
      headers: { origin },
    });
    expect(valued.status()).toBe(200);

    for (const lang of ["es", "en"] as const) {
      const text = TEXT[lang];
      // The account's one language, set as the header's switch sets it.
      expect(
        (
          await page.request.put("/api/staff/language", { data: { lang }, headers: { origin } })
        ).status(),
      ).toBe(200);
      await page.goto("/analytics?range=last30days");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      // The per-salesperson table: the first owner's new leads, opened in the CRM.
      const sales = page.getByRole("region", { name: text.sales });
      const newLeads = sales.locator('td[data-column="new_leads"] a').first();
      await expect(newLeads).toBeVisible();
      const count = figureOf((await newLeads.textContent()) ?? "");
      expect(count).toBeGreaterThan(0);
      await newLeads.click();
      await expect(page).toHaveURL(/\/crm\?owner=[^&]+&figure=new_leads&from=/);
      await expect(page.getByTestId("funnel-filter")).toBeVisible();
      await expect(leadRows(page, width)).toHaveCount(count);
      await shoot(page, testInfo, `crm-figure-leads-${lang}-${width}`);

      // The forecast's column for what was forecast at the start of a month.
      await page.goto("/analytics?range=last30days");
      const forecast = page.getByRole("region", { name: text.forecast });
      await expect(forecast.getByRole("table")).toBeVisible();
      await expect(forecast.locator("thead")).toContainText(text.atStart);
      await expect(forecast.locator("tbody")).toContainText("USD");
      await forecast.screenshot({
        path: testInfo.outputPath(`analytics-forecast-${lang}-${width}.png`),
      });

      // Lost reasons: the total opens exactly the deals lost in the period; the table downloads as CSV.
      const reasons = page.getByRole("region", { name: text.lost });
      const total = reasons.locator("tfoot a");
      await expect(total).toBeVisible();
      const lostCount = figureOf((await total.textContent()) ?? "");
      const rows = await reasons.locator("tbody tr").count();
      const download = page.waitForEvent("download");
      await reasons.getByRole("button", { name: text.csv }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("lost-reasons.csv");
      const csv = readFileSync((await file.path())!, "utf8").split("\r\n");
      expect(csv[0]).toBe(
        "reason,reason_label,count,from_Qualification,from_Discovery,from_Proposal,from_Negotiation,from_Won",
      );
      expect(csv).toHaveLength(rows + 1);
      expect(csv.slice(1).reduce((sum, line) => sum + Number(line.split(",")[2]), 0)).toBe(
        lostCount,
      );
      expect(csv.some((line) => line.startsWith("price,"))).toBe(true);
      await reasons.screenshot({
        path: testInfo.outputPath(`analytics-lost-reasons-links-${lang}-${width}.png`),
      });
      await expect(page.getByRole("region", { name: text.sales }).getByRole("table")).toBeVisible();
      await page
        .getByRole("region", { name: text.sales })
        .screenshot({ path: testInfo.outputPath(`analytics-sales-links-${lang}-${width}.png`) });
      await total.click();
      await expect(page).toHaveURL(/\/crm\?figure=lost&from=/);
      await expect(leadRows(page, width)).toHaveCount(lostCount);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);

      // Several leads at once: a bulk move to Lost asks why first, then records it.
      const name = `Masivo${Date.now().toString(36)}`;
      const made = await page.request.post("/api/crm/leads", {
        data: { name },
        headers: { origin },
      });
      const madeLead = (await made.json()) as { id: string };
      await page.goto(`/crm?q=${name}`);
      await page
        .getByRole("checkbox", { name: text.select(name) })
        .first()
        .check();
      const bar = page.getByTestId("bulk-bar");
      await bar.locator("#bulk-stage").selectOption({ label: text.lostStage });
      await bar.getByTestId("bulk-move").click();
      const ask = page.getByRole("dialog", { name: text.bulkTitle });
      await expect(ask).toBeVisible();
      await ask.getByRole("radio", { name: text.price }).check();
      await shoot(page, testInfo, `crm-bulk-lost-reason-${lang}-${width}`);
      const moved = page.waitForResponse((r) => r.url().endsWith("/api/crm/leads/bulk"));
      await ask.getByRole("button", { name: text.confirm }).click();
      expect((await moved).status()).toBe(200);
      const activities = await page.request.get(`/api/crm/leads/${madeLead.id}/activities`);
      expect(JSON.stringify(await activities.json())).toContain('"reason":"price"');
    }
    await context.clearCookies();
  });
}

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import { signaturePng } from "../../support/signature-png";
import { inviteStaff, signContextIn, startSignedInAsOwner } from "../support/staff";

// Issue 20's dashboard charts for the sales funnel, questionnaire drop-off and won revenue: each one
// beside a table with the API's figures, and free of axe violations in both themes. The owner is signed
// in (the stored session), in Spanish.

startSignedInAsOwner("es");

const esNumber = (value: number) => new Intl.NumberFormat("es").format(value);
/** A table cell's count: the number, then (when it links to its leads) the link's hidden words. */
const countText = (value: number) => new RegExp(`^${esNumber(value).replace(".", "\\.")}(\\s|$)`);
const esMoney = (value: number, currency: string) =>
  new Intl.NumberFormat("es", { style: "currency", currency, maximumFractionDigits: 2 }).format(
    value,
  );

test("the funnel, drop-off and won-revenue charts sit beside tables equal to the API, and pass axe in both themes", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const headers = { origin };

  // A deal won today, through the real share and signature calls, so the revenue chart has a bar.
  const stamp = Date.now().toString(36);
  const lead = await page.request.post("/api/crm/leads", {
    data: { name: `Won Lead ${stamp}`, company: "Clínica Norte", stage: "Negotiation" },
    headers,
  });
  expect(lead.status()).toBe(201);
  const proposal = await page.request.post("/api/crm/proposals", {
    data: {
      lead_id: ((await lead.json()) as { id: string }).id,
      data: {
        lang: "es",
        title: "Recepcionista de IA",
        client: { name: "Clínica Norte" },
        investment: {
          currency: "EUR",
          subtotal: "EUR 8.400",
          monthly: [{ label: "Soporte", amount: "350" }],
        },
      },
    },
    headers,
  });
  expect(proposal.status()).toBe(201);
  const { id: proposalId, token } = (await proposal.json()) as { id: string; token: string };
  expect(
    (await page.request.post(`/api/crm/proposals/${proposalId}/share`, { headers })).status(),
  ).toBe(200);
  expect((await page.request.get(`/api/ai/proposals/${token}`)).status()).toBe(200);
  const signed = await page.request.post(`/api/ai/proposals/${token}/signature`, {
    data: {
      full_name: "Ana Pérez",
      role: "Directora",
      company: "Clínica Norte",
      date: new Date().toISOString().slice(0, 10),
      image: signaturePng(),
      version: 1,
    },
    headers,
  });
  expect(signed.status()).toBe(201);

  // Three questionnaire visits reaching steps 1–3, 1–2 and 1, the way the tracker reports them.
  const events = [3, 2, 1].flatMap((furthest, visit) =>
    Array.from({ length: furthest }, (_, index) => ({
      event_id: `evt_funnel_${stamp}_${visit}_${index}`,
      event_type: "questionnaire_step",
      user_id: `user_funnel${stamp}${visit}`,
      session_id: `session_funnel${stamp}${visit}`,
      page_url: `${baseURL}/optin`,
      referrer: "",
      timestamp: new Date(Date.now() - (furthest - index) * 20_000).toISOString(),
      metadata: { step: index + 1, step_name: ["website", "name", "email"][index] },
    })),
  );
  const ingested = await page.request.post("/api/analytics/event", {
    data: JSON.stringify({ events }),
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin,
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    },
  });
  expect(ingested.status()).toBe(202);

  for (const theme of ["light", "dark"] as const) {
    await page.addInitScript((value) => localStorage.setItem("av_theme", value), theme);
    const answer = page.waitForResponse(
      (r) => r.url().includes("/api/analytics?range=last7days") && r.request().method() === "GET",
    );
    await page.goto("/analytics?range=last7days");
    const data = (await (await answer).json()) as AnalyticsDashboard;
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

    // The funnel: a chart named by its figures, and the table with the API's counts.
    const funnel = page.getByTestId("sales-funnel");
    await expect(funnel.getByTestId("funnel-chart").locator(".recharts-surface")).toBeVisible();
    await expect(funnel.getByTestId("funnel-chart")).toHaveAttribute(
      "aria-label",
      new RegExp(`Firmada ${esNumber(data.funnel.at(-1)!.count)}`),
    );
    for (const row of data.funnel)
      await expect(funnel.locator(`tr[data-step="${row.step}"] td`).first()).toHaveText(
        countText(row.count),
      );

    // Drop-off: per step reached and left, as the API counts them.
    const dropOff = page.getByTestId("questionnaire-dropoff");
    await expect(dropOff.getByTestId("dropoff-chart").locator(".recharts-surface")).toBeVisible();
    for (const row of data.questionnaire_steps.slice(0, 3)) {
      const cells = dropOff.locator(`tbody tr[data-step="${row.step}"] td`);
      await expect(cells.nth(0)).toHaveText(esNumber(row.reached));
      await expect(cells.nth(1)).toHaveText(esNumber(row.left));
    }
    expect(data.questionnaire_steps[0]!.reached).toBeGreaterThanOrEqual(3);

    // Won revenue: today's deal in its channel's row and in the chart's own table.
    const revenue = page.getByTestId("won-revenue");
    const eur = data.revenue_by_channel.find(
      (row) => row.channel === "unknown" && row.currency === "EUR",
    )!;
    expect(eur.initial).toBeGreaterThanOrEqual(8400);
    const row = revenue.locator('tr[data-group="unknown-EUR"] td');
    await expect(row.nth(1)).toHaveText(esMoney(eur.initial, "EUR"));
    await expect(row.nth(2)).toHaveText(esMoney(eur.monthly, "EUR"));
    const chart = revenue.getByTestId("revenue-chart");
    if (await chart.getByRole("combobox").count())
      await chart.getByRole("combobox").selectOption("EUR");
    await expect(chart.locator(".recharts-surface")).toBeVisible();
    const today = data.revenue_by_day.filter((d) => d.currency === "EUR").at(-1)!;
    await chart.getByText(/Ver los ingresos ganados en EUR/).click();
    await expect(chart.getByRole("table")).toContainText(esMoney(today.initial, "EUR"));

    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  }
});

test("a sales account reads the funnel as plain numbers, and a funnel link opens its plain leads list", async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  // The owner invites a sales person, who sets a password with the invite link.
  const { email, password } = await inviteStaff(
    page.request,
    { origin },
    {
      email: `sales.${Date.now().toString(36)}@example.com`,
      name: "Sam Sales",
      role: "sales",
      password: "sales-person-password-1",
    },
  );
  // The owner sees links on the lead figures.
  await page.goto("/analytics?range=last7days");
  await expect(
    page.getByTestId("sales-funnel").locator('tr[data-step="lead"]').getByRole("link"),
  ).toHaveCount(1);

  // A browser of their own, without the owner's stored session.
  const context = await browser.newContext({ storageState: undefined });
  await signContextIn(context, { language: "es", email, password });
  const sales = await context.newPage();
  await sales.goto("/analytics?range=last7days");
  const funnel = sales.getByTestId("sales-funnel");
  await expect(funnel.locator('tr[data-step="lead"] td').first()).not.toHaveText("");
  for (const id of ["sales-funnel", "funnel-channel", "funnel-page", "won-revenue"])
    await expect(sales.getByTestId(id).locator('a[href^="/crm"]')).toHaveCount(0);
  // The address of such a list gives a sales person the plain list, without the filter.
  const today = new Date().toISOString().slice(0, 10);
  await sales.goto(`/crm?funnel_step=lead&from=${today}&to=${today}`);
  await expect(sales.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(sales.getByTestId("funnel-filter")).toHaveCount(0);
  await context.close();
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";

// Signed in as the owner, in Spanish (the stored session; the lock screen has specs of its own).
startSignedInAsOwner("es");

const BUTTONS = [
  ["today", "Hoy"],
  ["yesterday", "Ayer"],
  ["last3days", "Últimos 3 días"],
  ["last7days", "Últimos 7 días"],
  ["last30days", "Últimos 30 días"],
  ["thisMonth", "Mes actual"],
  ["lastMonth", "Mes pasado"],
  ["lastQuarter", "Último trimestre"],
  ["lastYear", "Último año"],
] as const;
const CARDS = ["totalTraffic", "uniqueTraffic", "totalOptins", "camilaClicks"] as const;
type Figures = Record<(typeof CARDS)[number], number>;

const esNumber = (value: number) => new Intl.NumberFormat("es").format(value);

async function expectCards(page: Page, figures: Figures) {
  for (const card of CARDS)
    await expect(page.getByTestId(`figure-${card}`)).toHaveText(esNumber(figures[card]));
}

/** Clicks a control and returns the dashboard answer the page fetched because of it. */
async function answerAfter(
  page: Page,
  range: string,
  action: () => Promise<void>,
): Promise<Figures> {
  const response = page.waitForResponse(
    (r) => r.url().includes(`/api/analytics?range=${range}`) && r.request().method() === "GET",
  );
  await action();
  return (await (await response).json()) as Figures;
}

test.beforeAll(async ({ request, baseURL }) => {
  // Some traffic today, sent the way the tracker sends it.
  const stamp = Date.now().toString(36);
  const event = (type: string, user: string, index: number) => ({
    event_id: `evt_e2e_${stamp}_${index}`,
    event_type: type,
    user_id: `user_e2e${stamp}${user}`,
    session_id: `session_e2e${stamp}${user}`,
    page_url: `${baseURL}/`,
    referrer: index % 2 ? "https://www.google.com/" : "",
    timestamp: new Date().toISOString(),
    metadata:
      type === "page_view"
        ? { page_title: "Inicio", path: "/" }
        : { button_text: "Prueba nuestra recepcionista", location: "unknown" },
  });
  const events = [
    event("page_view", "a", 0),
    event("page_view", "a", 1),
    event("page_view", "b", 2),
    event("page_view", "c", 3),
    event("camila_click", "c", 4),
  ];
  const response = await request.post("/api/analytics/event", {
    data: JSON.stringify({ events }),
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: new URL(baseURL!).origin,
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    },
  });
  expect(response.status()).toBe(202);
  expect(await response.json()).toEqual({ accepted: 5, rejected: 0, errors: [] });
});

test("the dashboard shows the API's figures for every period, keeps the period in the URL and queries a custom range only when both dates are set", async ({
  page,
}) => {
  test.slow();
  const initial = answerAfter(page, "last7days", () =>
    page.goto("/analytics").then(() => undefined),
  );
  await expect(
    page.getByRole("heading", { level: 1, name: "Analytics de Avanza AI" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Últimos 7 días" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const week = await initial;
  expect(week.totalTraffic).toBeGreaterThanOrEqual(4);
  await expectCards(page, week);
  await expect(page.getByText("vs período anterior")).toHaveCount(4);
  const sources = page.getByRole("region", { name: "Fuentes de tráfico" });
  for (const source of ["Búsqueda orgánica", "Directo", "Redes sociales", "Referencias"])
    await expect(sources.getByText(source, { exact: true })).toBeVisible();
  await expect(page.getByText("Clicks a Camila")).toBeVisible();
  await expect(page.getByText("Llamadas a Camila")).toBeVisible();

  for (const [range, label] of BUTTONS) {
    const answer = await answerAfter(page, range, () =>
      page.getByRole("button", { name: label, exact: true }).click(),
    );
    await expect(page.getByRole("button", { name: label, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectCards(page, answer);
    await expect(page).toHaveURL(new RegExp(`/analytics\\?range=${range}$`));
  }

  // The period survives a reload.
  const afterReload = await answerAfter(page, "lastYear", () =>
    page.reload().then(() => undefined),
  );
  await expect(page.getByRole("button", { name: "Último año" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectCards(page, afterReload);

  const requests: string[] = [];
  page.on("request", (r) => r.url().includes("/api/analytics?") && requests.push(r.url()));
  await page.getByRole("button", { name: "Personalizado" }).click();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("Fecha inicial").fill("2026-01-01");
  // The page keeps the half-chosen period in its address from the same render that would ask the API.
  await expect(page).toHaveURL(/\/analytics\?range=custom&startDate=2026-01-01$/);
  expect(requests).toEqual([]);
  const custom = await answerAfter(page, "custom", () =>
    page.getByLabel("Fecha final").fill(today),
  );
  expect(requests).toEqual([
    expect.stringContaining(`range=custom&startDate=2026-01-01&endDate=${today}`),
  ]);
  await expectCards(page, custom);
  await expect(page).toHaveURL(new RegExp(`range=custom&startDate=2026-01-01&endDate=${today}$`));

  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
});

test("on failure the figures read 0 with an error note, and Retry loads them", async ({ page }) => {
  await page.route("**/api/analytics?*", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/analytics");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("No se pudieron cargar las cifras");
  for (const card of CARDS) await expect(page.getByTestId(`figure-${card}`)).toHaveText("0");

  await page.unroute("**/api/analytics?*");
  const answer = await answerAfter(page, "last7days", () =>
    alert.getByRole("button", { name: "Reintentar" }).click(),
  );
  await expect(alert).toHaveCount(0);
  await expectCards(page, answer);
});

test("the English toggle switches the dashboard's language", async ({ page }) => {
  await page.goto("/analytics");
  await expect(
    page.getByRole("heading", { level: 1, name: "Analytics de Avanza AI" }),
  ).toBeVisible();
  await page.getByRole("button", { name: /^EN/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Avanza AI Analytics" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("vs previous period").first()).toBeVisible();
});

test("the daily chart has a date axis and reads out the focused day's figures, equal to the table, in both themes without axe violations", async ({
  page,
}) => {
  for (const theme of ["light", "dark"] as const) {
    await page.addInitScript((value) => localStorage.setItem("av_theme", value), theme);
    await page.goto("/analytics?range=last7days");
    const chart = page.getByRole("group", { name: /Páginas vistas por día/ });
    await expect(chart).toBeVisible();

    // The table's rows, read once, are the reference for the axis and every day the keyboard reaches.
    const daily = page.getByRole("region", { name: "Tráfico diario" });
    await daily.getByText("Ver las cifras por día").click();
    const rows = await daily
      .getByRole("table")
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
      );
    expect(rows).toHaveLength(7);

    // Dates along the bottom (the first and last day at least), counts up the side.
    const tickTexts = await chart.locator(".recharts-cartesian-axis-tick-value").allTextContents();
    expect(tickTexts).toEqual(expect.arrayContaining([rows[0]![0], rows[6]![0], "0"]));

    const readout = page.getByTestId("daily-chart-readout");
    await chart.focus();
    await page.keyboard.press("End");
    const [lastDate, lastViews, lastVisitors] = rows.at(-1)!;
    await expect(readout).toHaveText(
      `${lastDate}: ${lastViews} páginas vistas, ${lastVisitors} visitantes`,
    );
    await page.keyboard.press("ArrowLeft");
    const [date, views, visitors] = rows.at(-2)!;
    await expect(readout).toHaveText(`${date}: ${views} páginas vistas, ${visitors} visitantes`);
    await page.keyboard.press("Home");
    await expect(readout).toContainText(rows[0]![0]!);

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

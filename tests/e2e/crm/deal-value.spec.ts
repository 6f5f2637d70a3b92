import { expect, test, type Page } from "@playwright/test";
import { inviteStaff, openCrmView, signContextIn, startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";

const usd = (amount: number) =>
  new Intl.NumberFormat("en", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);

interface Pipeline {
  totals: Record<string, { currency: string; initial: number; monthly: number; deals: number }[]>;
}

startSignedInAsOwner();

async function proposalColumnUsd(page: Page) {
  const response = await page.request.get("/api/crm/pipeline");
  expect(response.status()).toBe(200);
  const { totals } = (await response.json()) as Pipeline;
  return totals.Proposal!.find((total) => total.currency === "USD") ?? null;
}

test("sharing a lead's proposal puts its value on the card and adds it to the column total", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.goto("/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const headers = { origin: new URL(baseURL!).origin };

  const name = `Valued Lead ${Date.now().toString(36)}`;
  const lead = await page.request.post("/api/crm/leads", {
    data: { name, company: "Clínica Norte", stage: "Proposal" },
    headers,
  });
  expect(lead.status()).toBe(201);
  const leadId = ((await lead.json()) as { id: string }).id;
  const proposal = await page.request.post("/api/crm/proposals", {
    data: {
      lead_id: leadId,
      data: {
        lang: "es",
        title: "Recepcionista de IA",
        investment: {
          currency: "USD",
          subtotal: "USD 12,200",
          monthly: [{ label: "Soporte", amount: "450" }],
        },
      },
    },
    headers,
  });
  expect(proposal.status()).toBe(201);
  const proposalId = ((await proposal.json()) as { id: string }).id;

  // A draft sets no value yet.
  await openCrmView(page, "Pipeline");
  const column = page.locator('[data-stage="Proposal"]');
  const card = column.locator("li[data-lead-id]", { hasText: name });
  await expect(card).toContainText("No value");
  await expect(card).toContainText("0 days in stage");
  const before = await proposalColumnUsd(page);

  const shared = await page.request.post(`/api/crm/proposals/${proposalId}/share`, { headers });
  expect(shared.status()).toBe(200);
  await page.reload();
  await openCrmView(page, "Pipeline");
  await expect(card).toContainText(`${usd(12200)} + ${usd(450)}/mo`);

  const after = await proposalColumnUsd(page);
  expect(after!.initial).toBeCloseTo((before?.initial ?? 0) + 12200, 2);
  expect(after!.monthly).toBeCloseTo((before?.monthly ?? 0) + 450, 2);
  expect(after!.deals).toBe((before?.deals ?? 0) + 1);
  const header = column.getByTestId("stage-header");
  await expect(header).toContainText(
    `${usd(after!.initial)} + ${usd(after!.monthly)}/mo · ${after!.deals} deal`,
  );

  // The card's stage buttons live in one menu; the lead moves from it and the totals follow.
  await card.getByRole("button", { name: `Move to… ${name}` }).click();
  await card.getByRole("menuitem", { name: "Negotiation" }).click();
  const moved = page.locator('[data-stage="Negotiation"]').locator("li[data-lead-id]", {
    hasText: name,
  });
  await expect(moved).toContainText(usd(12200));
  await expect(
    page.locator('[data-stage="Negotiation"]').getByTestId("stage-header"),
  ).toContainText("$");
  await expectNoAxeViolations(page);
});

test("a sales user sees a lead's value and age but not the forms only managers may use", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: new URL(baseURL!).origin };
  await page.goto("/crm?tab=pipeline");
  await expect(page.getByRole("heading", { level: 1, name: "Pipeline" })).toBeVisible();
  const lead = await page.request.post("/api/crm/leads", {
    data: { name: `Sin Propuesta ${Date.now().toString(36)}`, stage: "Discovery" },
    headers,
  });
  expect(lead.status()).toBe(201);
  const leadId = ((await lead.json()) as { id: string }).id;

  // The owner invites a sales user, whose invite link sets a password.
  const {
    id: accountId,
    email,
    password,
  } = await inviteStaff(page.request, headers, {
    email: `vendedor.${Date.now().toString(36)}@example.com`,
    name: "Vera Ventas",
    role: "sales",
    password: "vera-sales-password",
  });

  // Not the owner's stored session, which this spec's contexts start with.
  const sales = await browser.newContext({ storageState: undefined });
  try {
    await signContextIn(sales, { email, password });
    const tab = await sales.newPage();
    await tab.goto("/crm?tab=pipeline");
    // The board is there (its Won column and period), without the limits form.
    await expect(tab.getByLabel("Won column shows")).toBeVisible();
    await expect(tab.locator('[data-stage="Won"]').getByTestId("stage-header")).toBeVisible();
    await expect(tab.getByText("Stage limits and win probabilities")).toHaveCount(0);
    // The whole outbox is a manager's page: no link to a page that would refuse them.
    await expect(tab.getByRole("link", { name: /^Outbox/ })).toHaveCount(0);
    // The lead panel shows value and age, with no form to set a value by hand.
    await tab.goto(`/crm?lead=${leadId}`);
    const salesPanel = tab.getByTestId("lead-deal");
    await expect(salesPanel.getByRole("heading", { name: "Value and age" })).toBeVisible();
    await expect(salesPanel).toContainText("No value");
    await expect(salesPanel).toContainText("0 days in stage");
    await expect(salesPanel.getByText("Set a value by hand")).toHaveCount(0);

    // The owner, on the same pages, has both forms and the outbox.
    await expect(page.getByText("Stage limits and win probabilities")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Outbox/ })).toBeVisible();
    await page.goto(`/crm?lead=${leadId}`);
    const ownerPanel = page.getByTestId("lead-deal");
    await expect(ownerPanel.getByText("Set a value by hand")).toBeVisible();
  } finally {
    await sales.close();
    // Round-robin hands new leads to active sales users; this one leaves with the test.
    const deactivated = await page.request.patch(`/api/staff/accounts/${accountId}`, {
      data: { active: false },
      headers,
    });
    expect(deactivated.status()).toBe(200);
  }
});

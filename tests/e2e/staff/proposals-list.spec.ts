// The proposals list (/crm/proposals): search, the status and author filters kept in the address, and a row
// opening the stored proposal's page.
import { expect, test } from "@playwright/test";
import { startSignedInAsOwner } from "../support/staff";

startSignedInAsOwner("en");

test("staff find a proposal by words and status, the filters survive a reload, and its row opens it", async ({
  page,
  baseURL,
}) => {
  const headers = { origin: new URL(baseURL!).origin };
  await page.goto("/crm/proposals");
  await expect(page.getByRole("heading", { level: 1, name: "Proposals" })).toBeVisible();

  const tag = `lista${Date.now().toString(36)}`;
  const store = async (title: string) => {
    const stored = await page.request.post("/api/crm/proposals", {
      data: {
        data: {
          lang: "en",
          title,
          client: { name: `Client ${tag}` },
          investment: {
            currency: "USD",
            subtotal: "24,000",
            monthly: [{ label: "Ops", amount: "2,500" }],
          },
        },
      },
      headers,
    });
    expect(stored.status()).toBe(201);
    return ((await stored.json()) as { id: string }).id;
  };
  const draftId = await store(`${tag} draft`);
  const sharedId = await store(`${tag} shared`);
  expect(
    (await page.request.post(`/api/crm/proposals/${sharedId}/share`, { headers })).status(),
  ).toBe(200);

  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("table", { name: "Stored proposals" });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  const sharedRow = table.locator(`tr[data-proposal="${sharedId}"]`);
  await expect(sharedRow.getByRole("cell", { name: "Shared" })).toBeVisible();
  await expect(sharedRow.getByText("$24,000 + $2,500/mo")).toBeVisible();
  await expect(sharedRow.getByRole("cell", { name: "E2E Owner" })).toBeVisible();

  await page.getByLabel("Status").selectOption("shared");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator(`tr[data-proposal="${draftId}"]`)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`status=shared.*q=${tag}|q=${tag}.*status=shared`));

  // The address holds the filters: a reload shows the same list, rendered by the server.
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("shared");
  await expect(page.getByLabel("Search")).toHaveValue(tag);
  await expect(table.locator("tbody tr")).toHaveCount(1);

  await page.getByLabel("Author").selectOption("me");
  await expect(table.locator(`tr[data-proposal="${sharedId}"]`)).toBeVisible();
  await page.getByLabel("Status").selectOption("");
  await expect(table.locator("tbody tr")).toHaveCount(2);

  await sharedRow.getByRole("link", { name: `${tag} shared` }).click();
  await expect(page).toHaveURL(`/proposal/db/${sharedId}`);
  await expect(page.getByTestId("proposal-status")).toHaveText("Shared");
});

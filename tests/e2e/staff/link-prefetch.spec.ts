import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../support/constants";
import { recordPayloads } from "../support/payloads";
import { STAFF_NAV_LABEL, startSignedInAsOwner } from "../support/staff";

startSignedInAsOwner("en");

// Staff links prefetch their page when someone shows intent, not when they come into view: every staff page is
// dynamic, so a prefetch on sight bought nothing and cost the server a request per link and lead card
// (docs/performance.md, "Staff links").

test("the pipeline's navigation and lead cards fetch nothing until pointed at, then open the lead on the client", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A lead of its own, so the board has a card whatever else the suite left.
  const lead = await page.request.post("/api/crm/leads", {
    data: { name: `Prefetch ${Date.now().toString(36)}` },
    headers: { origin: E2E_BASE_URL },
  });
  expect(lead.status()).toBe(201);
  const { id } = (await lead.json()) as { id: string };

  const payloads = recordPayloads(page);
  await page.goto("/crm?tab=pipeline");
  await expect(page.getByRole("navigation", { name: STAFF_NAV_LABEL.en })).toBeVisible();
  const card = page.locator(`li[data-lead-id="${id}"] a[href="/crm/leads/${id}"]`);
  await expect(card).toBeVisible();
  // Hydrated: the navigation's links carry React's props, so links in view could prefetch now.
  await page.waitForFunction(() => {
    const link = document.querySelector("nav a[data-nav]");
    return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
  await page.waitForLoadState("networkidle");
  expect(payloads).toEqual([]);

  await card.hover();
  await expect.poll(() => payloads).toContain(`/crm/leads/${id}`);
  expect(payloads.filter((path) => path !== `/crm/leads/${id}`)).toEqual([]);

  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  await card.click();
  await expect(page).toHaveURL(`/crm/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toBe(0);
});

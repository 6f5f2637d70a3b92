// The staff shell (issue 41): the CRM's views (Leads, Pipeline, Tasks) are reached through the shell's
// navigation alone, and a shared address opens each view marked in it. The navigation of every staff page for
// each role (its links, the page marked, the menu on a phone, one click to the next tool), the size checks and
// the screenshots are in the walk (walk.spec.ts, tests/http/staff/pages.spec.ts and `npm run walk`).
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL, OWNER_STORAGE_STATE } from "../support/constants";
import { inviteStaff, signContextIn, STAFF_NAV_LABEL } from "../support/staff";

let sales: { email: string; password: string };

test.beforeAll(async ({ playwright }) => {
  // The owner's stored session invites the rep; signing in is not what this spec is about.
  const owner = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: OWNER_STORAGE_STATE,
  });
  sales = await inviteStaff(
    owner,
    { origin: E2E_BASE_URL },
    {
      email: `sales.${Date.now().toString(36)}@example.com`,
      name: "Shell sales",
      role: "sales",
      password: "sales-shell-password-1",
    },
  );
  await owner.dispose();
});

test("the shell's navigation is the CRM's only way between Leads, Pipeline and Tasks, and deep links open each view", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL });
  // In English, chosen as on the lock screen, so every tool speaks it.
  await signContextIn(context, { ...sales, language: "en" });
  const page = await context.newPage();
  await page.goto("/crm");
  await expect(page.getByRole("banner")).toBeVisible();
  const nav = page.getByRole("navigation", { name: STAFF_NAV_LABEL.en });
  // No second row of tabs inside the page: one navigation, the shell's.
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByRole("tab")).toHaveCount(0);
  for (const [name, href] of [
    ["Tasks", "/crm?tab=tasks"],
    ["Pipeline", "/crm?tab=pipeline"],
    ["Leads", "/crm"],
  ] as const) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
    await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute("href", href);
    await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
  }
  // A shared address opens its view directly, marked in the navigation.
  for (const [href, name] of [
    ["/crm?tab=pipeline", "Pipeline"],
    ["/crm?tab=tasks", "Tasks"],
  ] as const) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
    await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute("href", href);
  }
  await context.close();
});

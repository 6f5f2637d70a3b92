import { devices, expect, test, type Page } from "@playwright/test";
import { trackOpenRequests } from "../support/payloads";
import { openCrmView, signInOnLockScreen, startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";

// A phone held upright: the iPhone profile's screen, touch and user agent, in our Chromium.
const phone = devices["iPhone 13"];
test.use({
  viewport: phone.viewport,
  deviceScaleFactor: phone.deviceScaleFactor,
  isMobile: phone.isMobile,
  hasTouch: phone.hasTouch,
  userAgent: phone.userAgent,
});

/**
 * Nothing on the page is wider than the screen, and axe finds nothing to fix. A phone browser widens its layout
 * viewport to fit content that overflows (so `innerWidth` grows with it): the screen's width is the one the test
 * set, and full-screen sheets and dialogs (fixed, scrolling on their own) must fit it too.
 */
async function expectFitsAndPassesAxe(page: Page, where: string) {
  const screenWidth = page.viewportSize()!.width;
  const { scrollWidth, innerWidth, clientWidth, wideLayers } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    clientWidth: document.documentElement.clientWidth,
    wideLayers: Array.from(document.querySelectorAll<HTMLElement>("body *"))
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          style.position === "fixed" &&
          style.display !== "none" &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
  expect(scrollWidth, `${where} is wider than the screen`).toBeLessThanOrEqual(clientWidth);
  expect(innerWidth, `${where} widened the phone's layout viewport`).toBeLessThanOrEqual(
    screenWidth,
  );
  expect(wideLayers, `${where} has a sheet wider than the screen`).toEqual([]);
  await expectNoAxeViolations(page, where);
}

test("on a phone, staff sign in, search, open a lead, move it, add a task and open the dashboard, and no page is wider than the screen", async ({
  page,
}) => {
  test.slow();
  await page.goto("/crm");
  await signInOnLockScreen(page, { tap: true });
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  // The tool's name is readable beside the mark, not cut to a letter.
  await expect(page.getByRole("banner").getByText("CRM", { exact: true })).toBeVisible();
  await expectFitsAndPassesAxe(page, "leads");

  // Search, then open the first lead as a full-screen sheet.
  await page.getByRole("searchbox").fill("a");
  await page.getByRole("button", { name: "Search" }).tap();
  const list = page.getByRole("list", { name: "Leads" });
  const first = list.getByRole("button").first();
  await expect(first).toBeVisible();
  await first.tap();
  const detail = page.getByRole("region", { name: "Lead details" });
  await expect(detail.getByRole("heading", { level: 2 })).toBeVisible();
  const leadName = (await detail.getByRole("heading", { level: 2 }).textContent())!;
  await expectFitsAndPassesAxe(page, "lead sheet");

  // Move it to another stage from the sheet, then go back to the list.
  const stage = detail.getByLabel("Stage");
  const target = (await stage.inputValue()) === "Discovery" ? "Proposal" : "Discovery";
  const moved = page.waitForResponse(
    (r) => r.url().includes("/move?stage=") && r.request().method() === "POST",
  );
  await stage.selectOption(target);
  expect((await moved).status()).toBe(200);
  await page.getByRole("button", { name: "Back to leads" }).tap();
  await expect(detail).toBeHidden();
  await expect(list).toBeVisible();

  // The pipeline shows one stage at a time; the moved lead sits in its new stage.
  await openCrmView(page, "Pipeline", { tap: true });
  await page.getByLabel("Stage shown").selectOption(target);
  const column = page.getByRole("group", { name: new RegExp(`^${target}`) });
  await expect(column.getByText(leadName, { exact: true }).first()).toBeVisible();
  await expectFitsAndPassesAxe(page, "pipeline");

  // Add a task for the lead.
  await openCrmView(page, "Tasks", { tap: true });
  const title = `Call back ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Lead", { exact: true }).selectOption({ label: leadName });
  await page.getByRole("button", { name: "Add", exact: true }).tap();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expectFitsAndPassesAxe(page, "tasks");

  // The dashboard and the proposal builder fit the phone too.
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // In the staff member's one language (English here), not Spanish of its own.
  await expect(page.getByRole("region", { name: "Daily traffic" })).toBeVisible();
  await expectFitsAndPassesAxe(page, "analytics");
  await page.goto("/proposal/new");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFitsAndPassesAxe(page, "proposal builder");
});

test.describe("signed in as the owner", () => {
  // Signing in by finger is the first test's; this one starts signed in.
  startSignedInAsOwner();

  test("on a phone, every other staff page fits the screen and passes axe: builder, accounts, my account, password, outbox, review, dashboard", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.goto("/crm/accounts");
    await expect(page.getByRole("heading", { name: "Staff accounts" })).toBeVisible();
    await expectFitsAndPassesAxe(page, "accounts");
    // Each account's actions are on the screen, not in a box that scrolls sideways, and read on one line.
    const ownLink = page.getByRole("button", { name: "Password link for E2E Owner" });
    const link = (await ownLink.boundingBox())!;
    expect(link.x + link.width, "the account's action ends off the screen").toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    expect(link.height, "the account's action is squeezed onto several lines").toBeLessThan(48);
    // On a phone the header's menu holds the tools, the account, language and theme, within the screen.
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    for (const name of ["My account", "Accounts", "Proposals"]) {
      const box = (await page
        .getByRole("banner")
        .getByRole("link", { name, exact: true })
        .boundingBox())!;
      expect(box.x, `${name} starts off the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends off the screen`).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
    }
    await expect(
      page.getByRole("banner").getByRole("button", { name: "ES Español" }),
    ).toBeVisible();
    await expectFitsAndPassesAxe(page, "header menu");
    await page.getByRole("button", { name: "Close menu", exact: true }).tap();

    // A stored proposal opens in the builder at /proposal/db/{id}.
    const headers = { origin: new URL(baseURL!).origin };
    const stored = await page.request.post("/api/crm/proposals", {
      data: {
        data: {
          lang: "es",
          title: "Recepcionista de IA para clínicas con un título largo que no debe salirse",
          // A proposal needs a client name or an item (an empty one is refused).
          client: { name: "Clínica Norte" },
          investment: { currency: "USD", subtotal: "USD 12,200" },
        },
      },
      headers,
    });
    expect(stored.status()).toBe(201);
    const proposalId = ((await stored.json()) as { id: string }).id;

    const leads = await page.request.get("/api/crm/leads");
    const leadId = ((await leads.json()) as { leads: { id: string }[] }).leads[0]!.id;

    const pages: [string, string][] = [
      ["/crm/account", "my account"],
      ["/crm/outbox", "outbox"],
      ["/crm/review", "needs review"],
      ["/analytics", "analytics"],
      ["/proposal/new", "proposal builder"],
      [`/proposal/db/${proposalId}`, "stored proposal in the builder"],
      ["/crm?tab=tasks", "tasks"],
      ["/crm?tab=pipeline", "pipeline"],
      ["/crm", "leads"],
      [`/crm?lead=${leadId}`, "lead sheet"],
    ];
    // Each page is judged once what it asks for after loading has come back and been drawn.
    const { settled } = trackOpenRequests(page);
    for (const [path, where] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
      await settled();
      await expectFitsAndPassesAxe(page, where);
      // The narrowest phone the issue names.
      await page.setViewportSize({ width: 360, height: 780 });
      await expectFitsAndPassesAxe(page, `${where} at 360 px`);
      await page.setViewportSize(phone.viewport);
    }

    // The password page of an invite or reset link (no session needed), with a link that is not valid.
    await page.goto(`/crm/password?token=${"x".repeat(43)}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFitsAndPassesAxe(page, "set password");
  });
});

import { expect, test, type Page } from "@playwright/test";
import { openCrmView, signInThroughApi, startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";

async function openLeads(page: Page) {
  await page.goto("/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
}

test.describe("CRM lock screen", () => {
  test("asks for e-mail and password, and gives one message for a wrong one", async ({ page }) => {
    await page.goto("/crm");
    // A browser with no language of its own opens in Spanish; the lock screen's switch changes it.
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText("Entra con tu cuenta del equipo.")).toBeVisible();
    await page.getByRole("button", { name: "EN English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: /CRM/ })).toBeVisible();
    await expect(page.getByText("Sign in with your staff account.")).toBeVisible();
    await page.getByRole("button", { name: "Unlock" }).click();
    const message = page.locator("#staff-lock-error");
    await expect(message).toHaveText("Enter your e-mail and password.");
    await page.getByLabel("E-mail").fill("e2e-owner@example.com");
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(message).toHaveText("Wrong e-mail, password or code.");
    await expectNoAxeViolations(page);
  });
});

test("a staff member works a lead from search to task, then locks the CRM", async ({ page }) => {
  test.slow(); // the whole working session, with four accessibility scans, in one test
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // A session of its own: locking ends it, and the run's stored owner session must live on.
  await signInThroughApi(page);
  await openLeads(page);
  await expectNoAxeViolations(page);

  // Create a lead whose name only matches an unaccented search through accent folding.
  const name = `Lucía Garcés Ñúñez ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Company").fill("Prueba E2E");
  await dialog.getByRole("button", { name: "Create lead" }).click();
  await expect(dialog).toBeHidden();

  const search = page.getByRole("searchbox", { name: "Search leads" });
  for (const query of ["lucia garces nunez", "LUCÍA GARCÉS"]) {
    await search.fill(query);
    await search.press("Enter");
    await expect(page.getByRole("button", { name })).toBeVisible();
  }
  await expect(page).toHaveURL(/q=LUC/);

  await page.getByRole("button", { name }).click();
  const detail = page.getByRole("region", { name: "Lead details" });
  await expect(detail.getByRole("heading", { name })).toBeVisible();
  await detail.getByLabel("Stage").selectOption("Discovery");
  // The timeline says it as a sentence, with who did it.
  await expect(
    detail.getByText("E2E Owner moved it from Qualification to Discovery"),
  ).toBeVisible();

  await detail.getByLabel("Note").fill("   ");
  await detail.getByRole("button", { name: "Add" }).click();
  await expect(detail.locator("ol > li")).toHaveCount(1);
  await detail.getByLabel("Note").fill("Primera llamada: interesados en agentes de voz");
  await detail.getByRole("button", { name: "Add" }).click();
  await expect(detail.getByText("Primera llamada: interesados en agentes de voz")).toBeVisible();

  // Pipeline: by button, then by keyboard drag.
  await openCrmView(page, "Pipeline");
  await expect(page).toHaveURL(/tab=pipeline/);
  const card = page.locator("li[data-lead-id]", { hasText: name });
  await expect(
    page.locator('[data-stage="Discovery"]').locator("li[data-lead-id]", { hasText: name }),
  ).toBeVisible();
  // The card's 'Move to…' menu: opened from the keyboard, the first letter of a stage reaches it.
  await card.getByRole("button", { name: `Move to… ${name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("menuitem", { name: "Qualification" })).toBeFocused();
  await page.keyboard.press("p");
  await expect(card.getByRole("menuitem", { name: "Proposal" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.locator('[data-stage="Proposal"]').locator("li[data-lead-id]", { hasText: name }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const handle = page.getByRole("button", { name: `Drag ${name}` });
  await handle.focus();
  // Each key waits for the screen-reader announcement of the previous one: the sensor starts
  // listening for arrows only once the drag has begun, and a busy machine can be slower than the keys.
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press("Space");
  await expect(announcement).toHaveText(`${name} is over Proposal.`);
  await page.keyboard.press("ArrowRight");
  await expect(announcement).toHaveText(`${name} is over Negotiation.`);
  await page.keyboard.press("Space");
  await expect(announcement).toHaveText(`${name} moved to Negotiation.`);
  await expect(
    page.locator('[data-stage="Negotiation"]').locator("li[data-lead-id]", { hasText: name }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.locator('[data-stage="Negotiation"]').locator("li[data-lead-id]", { hasText: name }),
  ).toBeVisible();

  // Tasks.
  await openCrmView(page, "Tasks");
  const title = `Enviar propuesta ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Lead", { exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const task = page.locator("li[data-task-id]", { hasText: title });
  await expect(
    page.locator('[data-status="todo"]').locator("li[data-task-id]", { hasText: title }),
  ).toBeVisible();
  await expect(task.getByText(`Lead: ${name}`)).toBeVisible();
  await task.getByRole("button", { name: "Move to Doing" }).click();
  await expect(
    page.locator('[data-status="doing"]').locator("li[data-task-id]", { hasText: title }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  await expect(
    page.locator('[data-status="doing"]').locator("li[data-task-id]", { hasText: title }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Lock" }).click();
  await expect(page.getByText("Sign in with your staff account.")).toBeVisible();
  await page.goto("/crm?tab=tasks");
  await expect(page.getByText("Sign in with your staff account.")).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe("signed in as the owner", () => {
  startSignedInAsOwner();

  test("a change the server refuses is rolled back with a message", async ({ page }) => {
    await openLeads(page);
    await openCrmView(page, "Pipeline");
    const firstCard = page.locator('[data-stage="Qualification"] li[data-lead-id]').first();
    const leadId = await firstCard.getAttribute("data-lead-id");
    await page.route("**/api/crm/leads/*/move*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message: "Database unavailable" } }),
      }),
    );
    await firstCard.getByRole("button", { name: /^Move to…/ }).click();
    await firstCard.getByRole("menuitem", { name: "Won" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "The lead could not be moved: Database unavailable" }),
    ).toBeVisible();
    await expect(
      page.locator(`[data-stage="Qualification"] li[data-lead-id="${leadId}"]`),
    ).toBeVisible();
    await expect(page.locator(`[data-stage="Won"] li[data-lead-id="${leadId}"]`)).toHaveCount(0);
  });

  test("the CRM switches to Spanish and stays accessible", async ({ page, context }) => {
    test.slow();
    await openLeads(page);
    await page.getByRole("button", { name: "ES Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("navigation", { name: "Herramientas del equipo" }).getByRole("link", {
        name: "Embudo",
      }),
    ).toBeVisible();
    await expect(page.getByPlaceholder("Buscar por nombre, correo o empresa")).toBeVisible();
    await expectNoAxeViolations(page);
    await openCrmView(page, "Tareas", { language: "es" });
    await expect(page.getByRole("heading", { name: "Crear tarea" })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.clearCookies();
    await page.reload();
    // Signed out on a browser with no language of its own, the lock screen speaks Spanish.
    await expect(page.getByText("Entra con tu cuenta del equipo.")).toBeVisible();
  });

  test.describe("pipeline on a touch screen", () => {
    test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

    test("a card dragged by finger moves to the column it is dropped on, and stays there", async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await openLeads(page);
      const name = `Touch Lead ${Date.now().toString(36)}`;
      const created = await page.request.post("/api/crm/leads", {
        data: { name, company: "Clínica Norte" },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(created.status()).toBe(201);
      await openCrmView(page, "Pipeline");
      const inColumn = (stage: string) =>
        page.locator(`[data-stage="${stage}"]`).locator("li[data-lead-id]", { hasText: name });
      await expect(inColumn("Qualification")).toBeVisible();

      const handle = (await page.getByRole("button", { name: `Drag ${name}` }).boundingBox())!;
      const target = (await page.locator('[data-stage="Discovery"] h2').boundingBox())!;
      const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
      const to = { x: target.x + target.width / 2, y: target.y + 60 };
      // Real touch input through the DevTools protocol: Chromium turns it into pointer events of type "touch".
      const cdp = await page.context().newCDPSession(page);
      const touch = (
        type: "touchStart" | "touchMove" | "touchEnd",
        point?: { x: number; y: number },
      ) =>
        cdp.send("Input.dispatchTouchEvent", {
          type,
          touchPoints: point ? [{ x: point.x, y: point.y }] : [],
        });
      await touch("touchStart", from);
      for (let step = 1; step <= 12; step++) {
        await touch("touchMove", {
          x: from.x + ((to.x - from.x) * step) / 12,
          y: from.y + ((to.y - from.y) * step) / 12,
        });
        // One move per frame, as a finger's events come: the drag sensor reads each.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      }
      await touch("touchEnd");

      await expect(inColumn("Discovery")).toBeVisible();
      await page.reload();
      await openCrmView(page, "Pipeline");
      await expect(inColumn("Discovery")).toBeVisible();
    });
  });
});

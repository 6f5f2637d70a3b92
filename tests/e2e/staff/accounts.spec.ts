// Named staff accounts end to end: the owner invites a sales user, the invite link sets a password, the user
// enrols in two-factor and signs in with a code, the next website lead is theirs by round-robin and they add
// a task to it from the lead panel, the owner deactivates them and their open tab is sent to
// the lock screen on its next request. Axe checks the lock screen, the two-factor steps and the accounts page.
import { generate } from "otplib";
import { expect, test } from "@playwright/test";
import { E2E_STAFF_EMAIL } from "../support/constants";
import { openCrmView, signInOnLockScreen, startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";

test.setTimeout(120_000);

/**
 * The authenticator's next 30-second code, the one a person types after enrolling (the enrolment's code is
 * spent: the server's replay guard refuses its step again). The server takes a code up to one step early or
 * late (a phone's clock off by up to 30 s), so the next step's code is typed now instead of waited for.
 */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

// Not a React hook: Playwright's test.use and beforeEach, for every test in this file.
startSignedInAsOwner("en");

test("owner invites a sales user who enrols in two-factor, signs in with a code, and is deactivated", async ({
  page,
  browser,
}) => {
  // The owner (signed in for the run) opens the accounts page.
  await page.goto("/crm/accounts");
  await expect(page.getByRole("heading", { name: "Staff accounts" })).toBeVisible();
  await expectNoAxeViolations(page);

  const email = `sara.${Date.now().toString(36)}@example.com`;
  const name = `Sara ${Date.now().toString(36)}`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Role", { exact: true }).selectOption("sales");
  await page.getByRole("button", { name: "Send invite" }).click();
  const link = page.getByRole("link", { name: /\/crm\/password\?token=/ });
  await expect(link).toBeVisible();
  const inviteUrl = (await link.getAttribute("href"))!;
  await expect(page.getByRole("cell").filter({ hasText: email })).toBeVisible();

  // The invited person, in their own browser, sets a password with the link.
  // Their own browser: not the owner's stored session, which this file's contexts start with otherwise.
  const sales = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  // Their browser has chosen English (a new one opens the staff pages in Spanish).
  await sales.addCookies([
    { name: "avanza_staff_lang", value: "en", url: test.info().project.use.baseURL! },
  ]);
  const tab = await sales.newPage();
  await tab.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
  await tab.getByLabel("New password").fill("sara-sales-password");
  await tab.getByLabel("Repeat the password").fill("sara-sales-password");
  await tab.getByRole("button", { name: "Save password" }).click();
  await expect(tab.getByText("Your password is saved.")).toBeVisible();
  // The link works once.
  await tab.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
  await tab.getByLabel("New password").fill("another-password-1");
  await tab.getByLabel("Repeat the password").fill("another-password-1");
  await tab.getByRole("button", { name: "Save password" }).click();
  await expect(tab.getByRole("main").getByRole("alert")).toHaveText(/used or has expired/);

  // They sign in on the lock screen and enrol in two-factor from the account menu.
  await tab.goto("/crm");
  await expectNoAxeViolations(tab);
  await signInOnLockScreen(tab, { email, password: "sara-sales-password" });
  await tab.getByRole("banner").getByText("Account", { exact: true }).click();
  await tab.getByRole("link", { name: "My account" }).click();
  await tab.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(tab.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expectNoAxeViolations(tab);
  const secret = (await tab.locator("code").textContent())!.trim();
  await tab.getByLabel("6-digit code").fill(await generate({ secret }));
  await tab.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(tab.getByRole("heading", { name: "Your backup codes" })).toBeVisible();
  await expect(
    tab.getByRole("list", { name: "Your backup codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  await expectNoAxeViolations(tab);

  // Locked, they sign in again: the password, then the code.
  await tab.getByRole("button", { name: "Continue to the CRM" }).click();
  await tab.getByRole("button", { name: "Lock" }).click();
  await signInOnLockScreen(tab, { email, password: "sara-sales-password" });
  await expect(tab.getByLabel("Code")).toBeVisible();
  await expectNoAxeViolations(tab);
  await tab.getByLabel("Code").fill(await nextCode(secret));
  await tab.getByRole("button", { name: "Unlock" }).click();
  await expect(tab.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // The next lead from the website is theirs. Round-robin goes through the active sales accounts in turn, so
  // the owner first deactivates the other sales accounts (and gives them back afterwards) to make it certain.
  const origin = { origin: new URL(page.url()).origin };
  const listed = await page.request.get("/api/staff/accounts");
  expect(listed.status()).toBe(200);
  const others = (
    (await listed.json()) as {
      data: { id: string; email: string; role: string; active: boolean }[];
    }
  ).data.filter((account) => account.role === "sales" && account.active && account.email !== email);
  const setActive = async (active: boolean) => {
    for (const other of others) {
      const changed = await page.request.patch(`/api/staff/accounts/${other.id}`, {
        data: { active },
        headers: origin,
      });
      expect(changed.status()).toBe(200);
    }
  };
  await setActive(false);
  const leadName = `Carmen Ruedas ${Date.now().toString(36)}`;
  const submitted = await tab.request.post("/api/leads", {
    data: {
      source: "home_form",
      lang: "en",
      name: leadName,
      email: `carmen.${Date.now().toString(36)}@example.com`,
      message: "We would like a voice agent for our call centre.",
    },
  });
  expect(submitted.status()).toBe(201);
  await setActive(true);
  // "My leads and unassigned" is a sales user's default list, and the new lead is in it.
  await tab.reload();
  await expect(tab.getByLabel("Whose leads")).toHaveValue("me_or_none");
  await tab.getByRole("button", { name: leadName }).click();
  const detail = tab.getByRole("region", { name: "Lead details" });
  await expect(detail.getByRole("heading", { name: leadName })).toBeVisible();

  // They create a task for it from the lead panel; it is theirs by default.
  const taskForm = detail.getByRole("form", { name: "New task for this lead" });
  const taskTitle = `Call Carmen back ${Date.now().toString(36)}`;
  await taskForm.getByLabel("Task", { exact: true }).fill(taskTitle);
  await expect(taskForm.getByLabel("Assigned to").locator("option:checked")).toHaveText(name);
  await taskForm.getByRole("button", { name: "Save task" }).click();
  await expect(tab.getByText(`Task “${taskTitle}” added.`)).toBeVisible();
  await openCrmView(tab, "Tasks");
  await expect(tab.locator("li[data-task-id]", { hasText: taskTitle })).toContainText(
    `Lead: ${leadName}`,
  );

  // A sales user does not manage accounts.
  await tab.goto("/crm/accounts");
  await expect(tab.getByText("Only the owner can manage staff accounts.")).toBeVisible();
  await tab.goto("/crm");
  await expect(tab.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // The owner deactivates them; their open tab's next request lands on the lock screen.
  await page.getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(page.getByText(`${name}'s account is updated.`)).toBeVisible();
  await tab.reload();
  await expect(tab.getByText("Sign in with your staff account.")).toBeVisible();
  await expectNoAxeViolations(tab);
  await sales.close();
});

test.describe("in Spanish", () => {
  startSignedInAsOwner("es");

  test("the accounts page in Spanish shows the API's errors in Spanish", async ({ page }) => {
    await page.goto("/crm/accounts");
    await expect(page.getByRole("heading", { name: "Cuentas del equipo" })).toBeVisible();

    // Checked in the page first: each field says what is wrong, in Spanish.
    await page.getByRole("button", { name: "Enviar invitación" }).click();
    await expect(page.getByText("Escribe un correo electrónico válido.")).toBeVisible();
    await expect(page.getByText("Escribe un nombre de 80 caracteres como máximo.")).toBeVisible();

    // The API's conflict (its own message is English) is shown in the catalogue's words.
    await page.getByLabel("Correo electrónico").fill(E2E_STAFF_EMAIL.toUpperCase());
    await page.getByLabel("Nombre", { exact: true }).fill("Dueño repetido");
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/api/staff/accounts") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Enviar invitación" }).click();
    expect((await answered).status()).toBe(409);
    await expect(
      page.getByRole("alert").filter({ hasText: "Ya existe una cuenta con este correo." }),
    ).toBeVisible();
    await expect(page.getByText("An account with this e-mail already exists.")).toHaveCount(0);
  });
});

test("the owner decides on the accounts page what sales may see and take, in both languages", async ({
  page,
}) => {
  // Whatever happens below, the next journeys (and a retry of this one) find today's defaults.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const restoreDefaults = async () => {
    await page.request.put("/api/staff/settings", {
      data: { sales_lead_visibility: "all", sales_may_export: false },
      headers: { origin },
    });
    await page.request.put("/api/staff/language", { data: { lang: "en" }, headers: { origin } });
  };
  try {
    await decideSalesAccess();
  } finally {
    await restoreDefaults();
  }

  async function decideSalesAccess() {
    await page.goto("/crm/accounts");
    const section = page.getByRole("region", { name: "What sales accounts may see and do" });
    await expect(section).toBeVisible();
    const visibility = section.getByLabel("Leads a sales account sees");
    const mayExport = section.getByLabel("Sales accounts may export leads as CSV");
    await expect(visibility).toHaveValue("all");
    await expect(mayExport).not.toBeChecked();

    await visibility.selectOption("own");
    await expect(section.getByText("The access settings are saved.")).toBeVisible();
    const exportSaved = page.waitForResponse(
      (r) => r.url().endsWith("/api/staff/settings") && r.request().method() === "PUT",
    );
    await mayExport.check();
    expect((await exportSaved).status()).toBe(200);
    await expect(mayExport).toBeChecked();
    // Checked from the top: scrolled down to this section, the rows above sit under the sticky header and
    // axe reads their controls as overlapping the header's links (with a long list of accounts, as in a full run).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);

    // Stored on the server: the Spanish page reads the same choice back.
    // The owner's one language, set as the header's switch sets it.
    expect(
      (
        await page.request.put("/api/staff/language", { data: { lang: "es" }, headers: { origin } })
      ).status(),
    ).toBe(200);
    await page.reload();
    const seccion = page.getByRole("region", {
      name: "Qué pueden ver y hacer las cuentas de ventas",
    });
    await expect(seccion.getByLabel("Leads que ve una cuenta de ventas")).toHaveValue("own");
    await expect(
      seccion.getByLabel("Las cuentas de ventas pueden exportar los leads en CSV"),
    ).toBeChecked();

    // Back to the defaults, so the other journeys see today's behaviour.
    await seccion.getByLabel("Leads que ve una cuenta de ventas").selectOption("all");
    await expect(seccion.getByText("Los ajustes de acceso están guardados.")).toBeVisible();
    const restored = page.waitForResponse(
      (r) => r.url().endsWith("/api/staff/settings") && r.request().method() === "PUT",
    );
    await seccion.getByLabel("Las cuentas de ventas pueden exportar los leads en CSV").uncheck();
    expect((await restored).status()).toBe(200);
    await page.reload();
    await expect(seccion.getByLabel("Leads que ve una cuenta de ventas")).toHaveValue("all");
  }
});

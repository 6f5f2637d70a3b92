// A colleague leaves with work still in their name: the owner deactivates the account, the accounts page says
// what they still own (open leads and tasks), each a link to that work in the CRM, whose filters now list the
// deactivated colleague; the owner hands the lead over in one action and the note is gone. At 1366 and 360 px,
// in English and Spanish, with nothing wider than the screen; screenshots under the test output.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { inviteStaff, signInOnLockScreen } from "../support/staff";

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };
const TEXT = {
  en: {
    accounts: "Staff accounts",
    stillAssigned: "Still assigned, to hand over:",
    openLead: "1 open lead",
    openTask: "1 open task",
    deactivated: "(account deactivated)",
    formerGroup: "Deactivated, with open work",
    whoseLeads: "Whose leads",
    whoseTasks: "Whose tasks",
    select: (name: string) => `Select ${name}`,
    assign: "Assign to…",
    applied: "1 lead updated",
  },
  es: {
    accounts: "Cuentas del equipo",
    stillAssigned: "Aún a su nombre, para traspasar:",
    openLead: "1 lead abierto",
    openTask: "1 tarea abierta",
    deactivated: "(cuenta desactivada)",
    formerGroup: "Desactivadas, con trabajo abierto",
    whoseLeads: "De quién son los leads",
    whoseTasks: "De quién son las tareas",
    select: (name: string) => `Seleccionar ${name}`,
    assign: "Asignar a…",
    applied: "1 lead actualizado",
  },
} as const;

async function expectNoSideScroll(page: Page) {
  const by = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(by).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of [
    ["1366", WIDE],
    ["360", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSideScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

for (const lang of ["en", "es"] as const) {
  test(`a deactivated colleague's open leads and tasks are named on the accounts page and handed over from the CRM (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const text = TEXT[lang];
    const context = await browser.newContext({ viewport: WIDE, baseURL });
    await context.addCookies([{ name: "avanza_staff_lang", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/crm/accounts");
    await signInOnLockScreen(page, { language: lang });
    await expect(page.getByRole("heading", { level: 1, name: text.accounts })).toBeVisible();

    const headers = { origin: new URL(baseURL!).origin };
    const stamp = `${lang}${Date.now().toString(36)}`;
    const leaverName = `Lena Leaver ${stamp}`;
    const leaver = await inviteStaff(page.request, headers, {
      email: `lena.${stamp}@example.com`,
      name: leaverName,
      role: "sales",
      password: "lena-leaver-password",
    });
    const leadName = `Handover lead ${stamp}`;
    const lead = await page.request.post("/api/crm/leads", { data: { name: leadName }, headers });
    expect(lead.status()).toBe(201);
    const leadId = ((await lead.json()) as { id: string }).id;
    const owned = await page.request.patch(`/api/crm/leads/${leadId}`, {
      data: { owner_id: leaver.id },
      headers,
    });
    expect(owned.status()).toBe(200);
    const taskTitle = `Call back ${stamp}`;
    const task = await page.request.post("/api/crm/tasks", {
      data: { title: taskTitle, lead_id: leadId, assignee_id: leaver.id },
      headers,
    });
    expect(task.status()).toBe(201);
    const deactivated = await page.request.patch(`/api/staff/accounts/${leaver.id}`, {
      data: { active: false },
      headers,
    });
    expect(deactivated.status()).toBe(200);

    // The accounts page says what the leaver still has, each part a link to it.
    await page.reload();
    const row = page.locator("tr", { hasText: leaverName });
    const note = row.getByTestId("account-open-work");
    await expect(note).toContainText(text.stillAssigned);
    await row.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `accounts-open-work-${lang}`);

    // Their tasks: the Tasks view filtered to them, their name marked as deactivated.
    await note.getByRole("link", { name: text.openTask }).click();
    await expect(page).toHaveURL(new RegExp(`tab=tasks&assignee=${leaver.id}`));
    await expect(page.getByLabel(text.whoseTasks).locator("option:checked")).toHaveText(
      `${leaverName} ${text.deactivated}`,
    );
    await expect(page.locator("li[data-task-id]", { hasText: taskTitle })).toBeVisible();
    await shoot(page, testInfo, `tasks-of-leaver-${lang}`);

    // Their leads: the list filtered to them; the lead is selected and given to an active colleague.
    await page.goBack();
    await page
      .locator("tr", { hasText: leaverName })
      .getByRole("link", { name: text.openLead })
      .click();
    await expect(page).toHaveURL(new RegExp(`owner=${leaver.id}`));
    const whose = page.getByLabel(text.whoseLeads, { exact: true });
    await expect(whose.locator("option:checked")).toHaveText(`${leaverName} ${text.deactivated}`);
    await expect(whose.locator(`optgroup[label="${text.formerGroup}"] option`)).toContainText([
      leaverName,
    ]);
    await page.getByLabel(text.select(leadName)).filter({ visible: true }).check();
    const bar = page.getByTestId("bulk-bar");
    await bar.getByLabel(text.assign).selectOption({ label: "E2E Owner" });
    await shoot(page, testInfo, `leads-of-leaver-${lang}`);
    await bar.getByTestId("bulk-assign").click();
    await expect(page.getByText(text.applied)).toBeVisible();

    // Only the task is left in their name now.
    await page.goto("/crm/accounts");
    const after = page.locator("tr", { hasText: leaverName }).getByTestId("account-open-work");
    await expect(after).toContainText(text.openTask);
    await expect(after.getByRole("link", { name: text.openLead })).toHaveCount(0);
    await context.close();
  });
}

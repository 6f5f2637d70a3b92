import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { inviteStaff, openCrmView, signContextIn, startSignedInAsOwner } from "../support/staff";
import { expectNoAxeViolations } from "../support/accessibility";

/** A day well before today in any time zone, as the date input takes it. */
const PAST_DAY = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

startSignedInAsOwner();

test("a task created from the lead panel with an assignee and a past due date shows as overdue in the task list", async ({
  page,
  baseURL,
}) => {
  test.slow();
  // The lead through the API (creating one in the CRM is crm.spec.ts's): the subject is its task.
  const name = `Tarea Vencida ${Date.now().toString(36)}`;
  const lead = await page.request.post("/api/crm/leads", {
    data: { name },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(lead.status()).toBe(201);
  await page.goto(`/crm?lead=${((await lead.json()) as { id: string }).id}`);

  const detail = page.getByRole("region", { name: "Lead details" });
  await expect(detail.getByRole("heading", { name })).toBeVisible();
  await expect(detail.getByText("Nothing has been sent from the website yet.")).toBeVisible();
  const form = detail.getByRole("form", { name: "New task for this lead" });
  const title = `Llamar otra vez ${Date.now().toString(36)}`;
  await form.getByLabel("Task", { exact: true }).fill(title);
  // The signed-in account is the default assignee.
  const assignee = form.getByLabel("Assigned to");
  expect(await assignee.inputValue()).not.toBe("");
  const assigneeName = (await assignee.locator("option:checked").textContent()) ?? "";
  expect(assigneeName).not.toBe("");
  await form.getByLabel("Due date").fill(PAST_DAY);
  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/crm/tasks") && r.request().method() === "POST",
  );
  await form.getByRole("button", { name: "Save task" }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText(`Task “${title}” added.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // An owner opens Tasks on everyone's tasks (the team's), where the new one is too.
  await openCrmView(page, "Tasks");
  await expect(page.getByLabel("Whose tasks")).toHaveValue("all");
  const task = page.locator("li[data-task-id]", { hasText: title });
  await expect(task).toBeVisible();
  await expect(task).toHaveAttribute("data-overdue", "true");
  await expect(task.getByText("Overdue", { exact: true })).toBeVisible();
  await expect(task.getByText(`Lead: ${name}`)).toBeVisible();
  await expect(task.getByText(`For ${assigneeName}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Done tasks are no longer overdue.
  await task.getByRole("button", { name: "Move to Done" }).click();
  const done = page.locator('[data-status="done"]').locator("li[data-task-id]", { hasText: title });
  await expect(done).toBeVisible();
  await expect(done.getByText("Overdue", { exact: true })).toBeHidden();
});

test("a task is reassigned and rescheduled from its card, and the lead's timeline says who did what in sentences", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: new URL(baseURL!).origin };
  await page.goto("/crm?tab=tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  const name = `Historial Frases ${Date.now().toString(36)}`;
  const lead = await page.request.post("/api/crm/leads", { data: { name }, headers });
  expect(lead.status()).toBe(201);
  const leadId = ((await lead.json()) as { id: string }).id;
  const moved = await page.request.post(`/api/crm/leads/${leadId}/move?stage=Discovery`, {
    headers,
  });
  expect(moved.status()).toBe(200);
  const title = `Preparar demo ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/crm/tasks", {
    data: { title, lead_id: leadId },
    headers,
  });
  expect(created.status()).toBe(201);

  const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date("2999-03-15T12:00:00Z"),
  );
  // The owner's Tasks view lists everyone's tasks, newest first; the card hands it to nobody and sets a day.
  await page.reload();
  await expect(page.getByLabel("Whose tasks")).toHaveValue("all");
  const card = page.locator("li[data-task-id]", { hasText: title });
  await card.getByText("Reassign or reschedule").click();
  const form = card.getByRole("form", { name: `Reassign or reschedule “${title}”` });
  await form.getByLabel("Assigned to").selectOption({ label: "Nobody" });
  await form.getByLabel("Due date").fill("2999-03-15");
  const changed = page.waitForResponse(
    (r) => r.url().includes("/api/crm/tasks/") && r.request().method() === "PATCH",
  );
  await form.getByRole("button", { name: "Save changes" }).click();
  expect((await changed).status()).toBe(200);
  await expect(page.getByText(`Task “${title}” updated.`)).toBeVisible();
  await expect(card.getByRole("paragraph").filter({ hasText: /^Nobody$/ })).toBeVisible();
  await expect(card.getByText(`Due ${day}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The timeline: sentences with the account's name, no raw types.
  await page.goto(`/crm?lead=${leadId}`);
  const timeline = page.getByTestId("lead-timeline");
  await expect(timeline).toContainText("E2E Owner moved it from Qualification to Discovery");
  await expect(timeline).toContainText(`E2E Owner added the task “${title}” for E2E Owner`);
  await expect(timeline).toContainText(`E2E Owner left the task “${title}” unassigned`);
  await expect(timeline).toContainText(`E2E Owner set the task “${title}” due ${day}`);
  await expect(timeline).not.toContainText("stage_change");
  await expect(timeline).not.toContainText("task_");
  await expectNoAxeViolations(page);
});

test("the owner's Tasks view opens on the team's tasks, a rep's on their own (or the team's when they have none), and the choice deep-links", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const headers = { origin };
  await page.goto("/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const stamp = Date.now().toString(36);
  // Two new sales reps, invited by the owner: one gets a task, the other none.
  const invite = async (name: string) => ({
    ...(await inviteStaff(page.request, headers, {
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${stamp}@example.com`,
      name,
      role: "sales",
      password: `tasks-default-${stamp}-pw`,
    })),
    name,
  });
  const rep = await invite(`Rep Tareas ${stamp}`);
  const newRep = await invite(`Rep Nuevo ${stamp}`);
  const lead = await page.request.post("/api/crm/leads", {
    data: { name: `Lead Tareas ${stamp}` },
    headers,
  });
  expect(lead.status()).toBe(201);
  const leadId = ((await lead.json()) as { id: string }).id;
  const addTask = async (title: string, assignee_id?: string) => {
    const created = await page.request.post("/api/crm/tasks", {
      data: { title, lead_id: leadId, ...(assignee_id && { assignee_id }) },
      headers,
    });
    expect(created.status()).toBe(201);
  };
  const repsTask = `Llamar al cliente ${stamp}`;
  const ownersTask = `Revisar contrato ${stamp}`;
  await addTask(repsTask, rep.id);
  await addTask(ownersTask);

  // The owner: the team's tasks, including one that is not theirs.
  await openCrmView(page, "Tasks");
  const whose = page.getByLabel("Whose tasks");
  await expect(whose).toHaveValue("all");
  const repsCard = page.locator("li[data-task-id]", { hasText: repsTask });
  await expect(repsCard).toBeVisible();
  await expect(repsCard.getByText(`For ${rep.name}`)).toBeVisible();
  await expect(page.locator("li[data-task-id]", { hasText: ownersTask })).toBeVisible();
  // Choosing "My tasks" is kept in the address: a reload and a shared link open the same list.
  await whose.selectOption("me");
  await expect(page).toHaveURL(/[?&]assignee=me\b/);
  await expect(repsCard).toBeHidden();
  await page.reload();
  await expect(whose).toHaveValue("me");
  await expect(page.locator("li[data-task-id]", { hasText: ownersTask })).toBeVisible();
  await expect(repsCard).toBeHidden();
  await page.goto(`/crm?tab=tasks&assignee=${rep.id}`);
  await expect(whose).toHaveValue(rep.id);
  await expect(repsCard).toBeVisible();
  await expect(page.locator("li[data-task-id]", { hasText: ownersTask })).toBeHidden();

  // A rep with tasks opens on their own; a rep with none on the team's, not on an empty list.
  for (const [person, expected] of [
    [rep, "me"],
    [newRep, "all"],
  ] as const) {
    // Not the owner's stored session, which this spec's contexts start with.
    const context = await browser.newContext({ baseURL, storageState: undefined });
    await signContextIn(context, { email: person.email, password: person.password });
    const repPage = await context.newPage();
    await repPage.goto("/crm?tab=tasks");
    await expect(repPage.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
    await expect(repPage.getByLabel("Whose tasks")).toHaveValue(expected);
    await expect(repPage.locator("li[data-task-id]", { hasText: repsTask })).toBeVisible();
    const ownersCard = repPage.locator("li[data-task-id]", { hasText: ownersTask });
    if (expected === "me") await expect(ownersCard).toBeHidden();
    else await expect(ownersCard).toBeVisible();
    await context.close();
  }
});

test("the lead picker asks the server's lead search, accents ignored", async ({ page }) => {
  await page.goto("/crm?tab=tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  // The options are the server's search results, not a filter over the newest leads already loaded.
  await page.getByLabel("Find a lead").fill("zzz-no-such-lead");
  await expect(page.getByLabel("Lead", { exact: true }).locator("option")).toHaveCount(1);
  const created = await page.request.post("/api/crm/leads", {
    data: { name: `Íñigo Peña ${Date.now().toString(36)}` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  const lead = (await created.json()) as { id: string; name: string };
  await page.getByLabel("Find a lead").fill(lead.name.replace("Íñigo Peña", "inigo pena"));
  await expect(page.getByLabel("Lead", { exact: true }).locator("option")).toHaveCount(2);
  await page.getByLabel("Lead", { exact: true }).selectOption({ label: lead.name });
});

test("the lead panel shows the latest questionnaire in words, and every submission", async ({
  page,
}) => {
  const email = `historia.${randomUUID().slice(0, 8)}@example.com`;
  const questionnaire = {
    lang: "es",
    website: "clinica-norte.example",
    name: "Lucía Historia",
    email,
    phone: "+34 600 000 123",
    company: "Clínica Norte",
    industry: "Healthcare",
    employees_range: "51–200",
    headquarters: "Bilbao",
    role: "CIO",
    uses_ai: "No",
    data_storage: "Not Sure",
    has_data_team: "Yes",
    areas: ["process automation"],
    challenge: "Perdemos llamadas.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "Video Call",
    message: "Queremos una recepcionista de IA.",
  };
  expect((await page.request.post("/api/leads", { data: questionnaire })).status()).toBe(201);
  const contact = { source: "home_form", lang: "en", name: "L", email, message: "Any news?" };
  expect((await page.request.post("/api/leads", { data: contact })).status()).toBe(201);

  await page.goto("/crm");
  // Whoever the round-robin gave it to, everyone's leads are searchable.
  await page.getByLabel("Whose leads").selectOption("all");
  const search = page.getByRole("searchbox", { name: "Search leads" });
  await search.fill(email);
  await search.press("Enter");
  await page.getByRole("button", { name: "Lucía Historia" }).click();
  const detail = page.getByRole("region", { name: "Lead details" });
  // The first list is the latest questionnaire's answers; each submission below keeps its own.
  const answers = detail.getByRole("region", { name: "Questionnaire answers" }).locator("dl");
  await expect(answers.getByText("Do you have a data or analytics team?")).toBeVisible();
  await expect(answers.getByText("Video call", { exact: true })).toBeVisible();
  await expect(answers.getByText("Not sure", { exact: true })).toBeVisible();
  await expect(detail.getByText("has_data_team")).toHaveCount(0);
  // The contact message came later but does not replace the questionnaire's answers.
  await expect(answers).not.toContainText("Any news?");
  const submissions = detail.getByRole("list", { name: "Submissions" }).getByRole("listitem");
  await expect(submissions).toHaveCount(2);
  await expect(submissions.nth(0)).toContainText("Contact form");
  await expect(submissions.nth(1)).toContainText("Questionnaire");
  // Each submission opens to what was sent: here the later contact message.
  await submissions.nth(0).getByText("Contact form").click();
  await expect(submissions.nth(0).getByText("Any news?")).toBeVisible();
  await expectNoAxeViolations(page);
});

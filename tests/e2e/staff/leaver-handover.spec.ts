// A colleague leaves with work still in their name: the owner deactivates the account, the accounts page says
// what they still own (open leads, tasks and a booked meeting), each a link to that work, whose filters list the
// deactivated colleague; the owner hands the lead and the meeting over, and the note shrinks. At 1366 and 360 px,
// in English and Spanish, with nothing wider than the screen; screenshots under the test output.
import { expect, test } from "@playwright/test";
import { WIDE, shootAtBothWidths } from "../support/layout";
import { inviteStaff, signContextIn } from "../support/staff";

const TEXT = {
  en: {
    accounts: "Staff accounts",
    stillAssigned: "Still assigned, to hand over:",
    openLeads: "2 open leads",
    openTask: "1 open task",
    upcomingMeeting: "1 upcoming meeting",
    hostLeft: (name: string) => `${name} has left the team: nobody will take this call`,
    handTo: "Hand over to…",
    handOver: "Hand over",
    handed: "The meeting is now E2E Owner's",
    nothingAhead: "No meetings booked from now on.",
    handedEntry: (from: string) => `from ${from} to E2E Owner`,
    submissions: "Submissions",
    booking: "Meeting booking",
    theirZone: "Their time zone",
    deactivated: "(account deactivated)",
    formerGroup: "Deactivated, with open work",
    whoseLeads: "Whose leads",
    whoseTasks: "Whose tasks",
    whoseMeetings: "Whose",
    selectAll: "Select every lead shown",
    assign: "Assign to…",
    applied: "2 leads updated",
  },
  es: {
    accounts: "Cuentas del equipo",
    stillAssigned: "Aún a su nombre, para traspasar:",
    openLeads: "2 leads abiertos",
    openTask: "1 tarea abierta",
    upcomingMeeting: "1 reunión próxima",
    hostLeft: (name: string) => `${name} ya no está en el equipo: nadie atenderá esta llamada`,
    handTo: "Traspasar a…",
    handOver: "Traspasar",
    handed: "La reunión es ahora de E2E Owner",
    nothingAhead: "No hay reuniones reservadas de aquí en adelante.",
    handedEntry: (from: string) => `de ${from} a E2E Owner`,
    submissions: "Envíos",
    booking: "Reserva de reunión",
    theirZone: "Su zona horaria",
    deactivated: "(cuenta desactivada)",
    formerGroup: "Desactivadas, con trabajo abierto",
    whoseLeads: "De quién son los leads",
    whoseTasks: "De quién son las tareas",
    whoseMeetings: "De quién",
    selectAll: "Seleccionar todos los leads mostrados",
    assign: "Asignar a…",
    applied: "2 leads actualizados",
  },
} as const;

for (const lang of ["en", "es"] as const) {
  test(`a deactivated colleague's open leads, tasks and meetings are named on the accounts page and handed over (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const text = TEXT[lang];
    const context = await browser.newContext({ viewport: WIDE, baseURL });
    await signContextIn(context, { language: lang });
    const page = await context.newPage();
    await page.goto("/crm/accounts");
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
    // A visitor booked a call with them three months ahead, past the 60 days "Coming up" once covered.
    const slug = `leaver-call-${stamp}`;
    const type = await page.request.post("/api/crm/meeting-types", {
      data: {
        slug,
        title_es: `Llamada ${stamp}`,
        title_en: `Call ${stamp}`,
        duration_minutes: 30,
        horizon_days: 120,
        host_ids: [leaver.id],
      },
      headers,
    });
    expect(type.status()).toBe(201);
    const day = (days: number) =>
      new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const slots = await page.request.get(
      `/api/meetings/slots?type=${slug}&from=${day(90)}&to=${day(97)}&tz=Europe/Madrid`,
    );
    const { slots: free } = (await slots.json()) as { slots: { start: string }[] };
    const bookedStart = free[lang === "en" ? 0 : 3]!.start;
    const booked = await page.request.post("/api/meetings", {
      data: {
        type: slug,
        start: bookedStart,
        name: `Vera Visitor ${stamp}`,
        email: `vera.${stamp}@example.com`,
        lang,
        time_zone: "Europe/Madrid",
      },
      headers,
    });
    expect(booked.status()).toBe(201);
    const reference = ((await booked.json()) as { id: string }).id;
    // The visitor's lead is theirs too: whether a booking's lead goes to its host or to the next in the
    // rotation depends on the team's settings, so the test says which.
    const hosted = await page.request.get(
      `/api/crm/meetings?host=${leaver.id}&from=${day(0)}T00:00:00Z&to=${day(120)}T00:00:00Z`,
    );
    const visitorLead = (
      (await hosted.json()) as { data: { reference: string; lead: { id: string } }[] }
    ).data.find((meeting) => meeting.reference === reference)!.lead;
    const visitorOwned = await page.request.patch(`/api/crm/leads/${visitorLead.id}`, {
      data: { owner_id: leaver.id },
      headers,
    });
    expect(visitorOwned.status()).toBe(200);

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
    await shootAtBothWidths(page, testInfo, `accounts-open-work-${lang}`);

    // Their tasks: the Tasks view filtered to them, their name marked as deactivated.
    await note.getByRole("link", { name: text.openTask }).click();
    await expect(page).toHaveURL(new RegExp(`tab=tasks&assignee=${leaver.id}`));
    await expect(page.getByLabel(text.whoseTasks).locator("option:checked")).toHaveText(
      `${leaverName} ${text.deactivated}`,
    );
    await expect(page.locator("li[data-task-id]", { hasText: taskTitle })).toBeVisible();
    await shootAtBothWidths(page, testInfo, `tasks-of-leaver-${lang}`);

    // Their leads: the list filtered to them; the lead is selected and given to an active colleague.
    await page.goBack();
    await page
      .locator("tr", { hasText: leaverName })
      .getByRole("link", { name: text.openLeads })
      .click();
    await expect(page).toHaveURL(new RegExp(`owner=${leaver.id}`));
    const whose = page.getByLabel(text.whoseLeads, { exact: true });
    await expect(whose.locator("option:checked")).toHaveText(`${leaverName} ${text.deactivated}`);
    await expect(whose.locator(`optgroup[label="${text.formerGroup}"] option`)).toContainText([
      leaverName,
    ]);
    // Their open leads: the one given to them and the visitor's, who booked with them.
    await expect(page.getByText(leadName).filter({ visible: true }).first()).toBeVisible();
    await page.getByLabel(text.selectAll).filter({ visible: true }).check();
    const bar = page.getByTestId("bulk-bar");
    await bar.getByLabel(text.assign).selectOption({ label: "E2E Owner" });
    await shootAtBothWidths(page, testInfo, `leads-of-leaver-${lang}`);
    await bar.getByTestId("bulk-assign").click();
    await expect(page.getByText(text.applied)).toBeVisible();

    // Their meeting: their coming meetings, where it says nobody will take it, and is handed over.
    await page.goto("/crm/accounts");
    await page
      .locator("tr", { hasText: leaverName })
      .getByRole("link", { name: text.upcomingMeeting })
      .click();
    await expect(page).toHaveURL(new RegExp(`whose=${leaver.id}&span=upcoming`));
    await expect(page.getByLabel(text.whoseMeetings).locator("option:checked")).toHaveText(
      `${leaverName} ${text.deactivated}`,
    );
    const card = page.locator(`[data-meeting="${reference}"]`);
    const hostLeft = card.getByTestId("meeting-host-left");
    await expect(hostLeft).toContainText(text.hostLeft(leaverName));
    await hostLeft.getByLabel(text.handTo).selectOption({ label: "E2E Owner" });
    await card.scrollIntoViewIfNeeded();
    await shootAtBothWidths(page, testInfo, `meeting-of-leaver-${lang}`);
    await hostLeft.getByRole("button", { name: text.handOver }).click();
    await expect(page.getByText(text.handed)).toBeVisible();
    // It is no longer theirs, so their list is empty.
    await expect(card).toHaveCount(0);
    await expect(page.getByText(text.nothingAhead)).toBeVisible();
    await shootAtBothWidths(page, testInfo, `meetings-of-leaver-handed-${lang}`);

    // The visitor's lead says who handed the call to whom, and what the booking filed, in words.
    await page.goto(`/crm/leads/${visitorLead.id}`);
    // Its meeting reads on the staff member's clock (the team's zone, as they have saved no hours), as
    // the timeline does, not on the server's UTC.
    const clock = Object.fromEntries(
      new Intl.DateTimeFormat(lang, {
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "Europe/Madrid",
      })
        .formatToParts(new Date(bookedStart))
        .map((part) => [part.type, part.value]),
    );
    const leadMeeting = page.getByTestId("meeting-list");
    await expect(leadMeeting).toContainText(`${clock.hour}:${clock.minute}`);
    await expect(leadMeeting).not.toContainText("UTC");
    await expect(page.getByText(text.handedEntry(leaverName))).toBeVisible();
    const filed = page.getByRole("list", { name: text.submissions }).getByRole("listitem");
    await expect(filed).toHaveCount(1);
    await filed.getByText(text.booking).click();
    await expect(filed).toContainText(text.theirZone);
    await expect(filed).toContainText("Europe/Madrid");
    // The type by its title in the reader's language, not the slug the booking files.
    await expect(filed).toContainText(lang === "en" ? `Call ${stamp}` : `Llamada ${stamp}`);
    await expect(filed).not.toContainText(slug);
    await expect(filed).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await filed.scrollIntoViewIfNeeded();
    await shootAtBothWidths(page, testInfo, `visitor-lead-handed-${lang}`);

    // Only the task is left in their name now.
    await page.goto("/crm/accounts");
    const after = page.locator("tr", { hasText: leaverName }).getByTestId("account-open-work");
    await expect(after).toContainText(text.openTask);
    await expect(after.getByRole("link", { name: text.openLeads })).toHaveCount(0);
    await expect(after.getByRole("link", { name: text.upcomingMeeting })).toHaveCount(0);
    await context.close();
  });
}

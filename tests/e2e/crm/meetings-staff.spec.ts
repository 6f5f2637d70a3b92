// The staff side of meetings (issue 38): a meeting booked by a visitor on a type the owner hosts shows under
// "My meetings" and on the lead's page (with its timeline entry); working hours are saved from their page;
// meeting types list and open their form; and a prospect's journey from the questionnaire's thank-you to a
// booking that the staff find on the same lead. Every screen at 1366 × 900 and 360 × 740 in English and Spanish,
// with nothing wider than the screen; screenshots under the test output.
import { expect, test, type Browser } from "@playwright/test";
import { PHONE, WIDE, expectNothingWider, shootAtBothWidths } from "../support/layout";
import { completeQuestionnaire } from "../support/questionnaire";
import { OWNER_STORAGE_STATE } from "../support/constants";
import { inviteStaff } from "../support/staff";

const TEXT = {
  en: {
    mine: "My meetings",
    coming: "Coming up",
    hours: "Working hours",
    types: "Meeting types",
    addDayOff: "Add day off",
    save: "Save working hours",
    saved: "Working hours saved.",
    addType: "Add a meeting type",
    newType: "New meeting type",
    leadMeetings: "Meetings",
    booked: /booked “Staff review” for/,
    calendarAddress: "Calendar address",
    calendarUser: "User name",
    calendarPassword: "Password",
    connect: "Connect calendar",
    disconnect: "Disconnect calendar",
    unreadable: /Your calendar could not be read since .+ the server did not answer\./,
    privateAddress:
      "This address is on a private network, which this server does not read calendars from.",
    edit: "Edit",
    saveType: "Save",
    typeSaved: "Meeting type saved.",
    deactivated: "(account deactivated)",
    noActiveHost:
      "Every host of this type has a deactivated account, so visitors cannot book it: its booking page says it is not offered.",
    noHostStatus: "Not offered: no host",
    bookPath: "/en/book",
    notOffered: "This meeting type is not offered.",
    bookDefault: "Book a strategy session",
    notTakingBookings: "We are not taking bookings online right now.",
    writeTo: /^Write to \S+@\S+$/,
  },
  es: {
    mine: "Mis reuniones",
    coming: "Próximas",
    hours: "Horario",
    types: "Tipos de reunión",
    addDayOff: "Añadir día libre",
    save: "Guardar el horario",
    saved: "Horario guardado.",
    addType: "Añadir un tipo de reunión",
    newType: "Nuevo tipo de reunión",
    leadMeetings: "Reuniones",
    booked: /reservó «Revisión del equipo» para el/,
    calendarAddress: "Dirección del calendario",
    calendarUser: "Usuario",
    calendarPassword: "Contraseña",
    connect: "Conectar el calendario",
    disconnect: "Desconectar el calendario",
    unreadable: /No se ha podido leer tu calendario desde el .+ el servidor no respondió\./,
    privateAddress:
      "Esta dirección está en una red privada, y este servidor no lee calendarios de ahí.",
    edit: "Editar",
    saveType: "Guardar",
    typeSaved: "Tipo de reunión guardado.",
    deactivated: "(cuenta desactivada)",
    noActiveHost:
      "Todos los anfitriones de este tipo tienen la cuenta desactivada, así que nadie puede reservarlo: su página de reserva dice que no se ofrece.",
    noHostStatus: "No se ofrece: sin anfitrión",
    bookPath: "/book",
    notOffered: "No ofrecemos este tipo de reunión.",
    bookDefault: "Reservar una sesión estratégica",
    notTakingBookings: "Ahora mismo no tomamos reservas en línea.",
    writeTo: /^Escribe a \S+@\S+$/,
  },
} as const;

let reference: string;
let leadId: string;

test.beforeAll(async ({ browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  // The run's stored owner session: the set-up goes through the API only.
  const context = await browser.newContext({ baseURL, storageState: OWNER_STORAGE_STATE });
  const page = await context.newPage();
  const me = (await (await page.request.get("/api/staff/me")).json()) as { id: string };
  // A type only the signed-in owner hosts, so the visitor's booking lands in their own meetings.
  const slug = `staff-review-${Date.now().toString(36)}`;
  const type = await page.request.post("/api/crm/meeting-types", {
    data: {
      slug,
      title_es: "Revisión del equipo",
      title_en: "Staff review",
      description_es: "Una revisión.",
      description_en: "A review.",
      duration_minutes: 30,
      host_ids: [me.id],
    },
    headers: { origin },
  });
  expect(type.status()).toBe(201);
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const slots = await page.request.get(
    `/api/meetings/slots?type=${slug}&from=${from}&to=${to}&tz=Europe/Madrid`,
  );
  const { slots: free } = (await slots.json()) as { slots: { start: string }[] };
  const booked = await page.request.post("/api/meetings", {
    data: {
      type: slug,
      start: free[0]!.start,
      name: "Marta Staffview",
      email: `marta.staffview.${Date.now()}@example.com`,
      company: "Clínica Sur",
      notes: "Queremos automatizar las citas.",
      lang: "es",
      time_zone: "Europe/Madrid",
    },
    headers: { origin },
  });
  expect(booked.status()).toBe(201);
  reference = ((await booked.json()) as { id: string }).id;
  const mine = await page.request.get("/api/crm/meetings?host=me");
  const meeting = (
    (await mine.json()) as { data: { reference: string; lead: { id: string } }[] }
  ).data.find((item) => item.reference === reference)!;
  leadId = meeting.lead.id;
  await context.close();
});

/** The owner, signed in through the run's stored session, with `lang` as their staff language. */
async function signedIn(browser: Browser, baseURL: string, lang: "en" | "es") {
  const context = await browser.newContext({
    viewport: WIDE,
    baseURL,
    storageState: OWNER_STORAGE_STATE,
  });
  await context.addCookies([{ name: "avanza_staff_lang", value: lang, url: baseURL }]);
  // The account's language, as the header's switch sets it (signing in in `lang` would set it too).
  const chosen = await context.request.put("/api/staff/language", {
    data: { lang },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(chosen.status()).toBe(200);
  const page = await context.newPage();
  await page.goto("/crm/meetings");
  await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].mine })).toBeVisible();
  return { context, page };
}

for (const lang of ["en", "es"] as const) {
  test(`my meetings, the lead's meetings, working hours and meeting types (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // Four pages, each shot at two sizes, and a calendar read that waits for the queue.
    test.setTimeout(60_000);
    const text = TEXT[lang];
    const { context, page } = await signedIn(browser, baseURL!, lang);

    // My meetings: the booking is among the coming ones, with its lead.
    await expect(page.getByRole("link", { name: text.mine, exact: true }).first()).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: text.coming }).click();
    const card = page.locator(`[data-meeting="${reference}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText("Marta Staffview");
    await expect(card).toContainText("Clínica Sur");
    await shootAtBothWidths(page, testInfo, `my-meetings-${lang}`);

    // The lead's page: the meeting, and the booking on the timeline in the staff language.
    await card.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/crm/leads/${leadId}$`));
    const section = page.getByRole("region", { name: text.leadMeetings, exact: true });
    await expect(section.locator(`[data-meeting="${reference}"]`)).toBeVisible();
    await expect(page.getByTestId("lead-timeline")).toContainText(text.booked);
    await section.scrollIntoViewIfNeeded();
    await shootAtBothWidths(page, testInfo, `lead-meetings-${lang}`);

    // Working hours: add a day off and save.
    await page.goto("/crm/meetings/availability");
    await expect(page.getByRole("heading", { level: 1, name: text.hours })).toBeVisible();
    const dayOff = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('input[type="date"]').fill(dayOff);
    await page.getByRole("button", { name: text.addDayOff }).click();
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(page.locator(`time[datetime="${dayOff}"]`)).toBeVisible();
    await shootAtBothWidths(page, testInfo, `working-hours-${lang}`);

    // A calendar on the server's own network is refused when it is connected, on its address field.
    const calendar = page.getByTestId("calendar-connection");
    const address = calendar.getByLabel(text.calendarAddress);
    await address.fill("http://127.0.0.1:9/ana/work/");
    await calendar.getByLabel(text.calendarUser).fill("ana");
    await calendar.getByLabel(text.calendarPassword).fill("not-shown-again");
    await calendar.getByRole("button", { name: text.connect }).click();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(calendar.getByText(text.privateAddress)).toBeVisible();
    // Said once, beside the field: no toast repeats it.
    await expect(page.getByText(text.privateAddress)).toHaveCount(1);
    await shootAtBothWidths(page, testInfo, `calendar-private-${lang}`);

    // A calendar whose server does not answer (its name does not resolve): the queue's read fails and the
    // host is told since when; disconnecting brings the form back.
    await address.fill("http://calendar.invalid/ana/work/");
    await calendar.getByRole("button", { name: text.connect }).click();
    await expect(calendar.getByTestId("calendar-warning")).toContainText(text.unreadable, {
      timeout: 30_000,
    });
    await expect(page.getByText("not-shown-again")).toHaveCount(0);
    await calendar.scrollIntoViewIfNeeded();
    await shootAtBothWidths(page, testInfo, `calendar-unreadable-${lang}`);
    await calendar.getByRole("button", { name: text.disconnect }).click();
    await expect(calendar.getByRole("button", { name: text.connect })).toBeVisible();

    // Meeting types: the list, then the form to add one.
    await page.goto("/crm/meetings/types");
    await expect(page.getByRole("heading", { level: 1, name: text.types })).toBeVisible();
    await expect(page.locator('[data-meeting-type="strategy-session"]')).toBeVisible();
    await shootAtBothWidths(page, testInfo, `meeting-types-${lang}`);
    await page.getByRole("button", { name: text.addType }).click();
    await expect(page.getByRole("heading", { name: text.newType })).toBeVisible();
    await shootAtBothWidths(page, testInfo, `meeting-type-form-${lang}`);

    await context.close();
  });
}

for (const lang of ["en", "es"] as const) {
  test(`a meeting type whose only host left says so, and the host is taken off in its form (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const text = TEXT[lang];
    const { context, page } = await signedIn(browser, baseURL!, lang);
    const headers = { origin: new URL(baseURL!).origin };
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const leaver = await inviteStaff(page.request, headers, {
      email: `leaver.${stamp}@example.com`,
      name: `Leo Leaver ${stamp}`,
      role: "sales",
      password: "leaver-password-1",
    });
    const slug = `left-${stamp}`;
    const created = await page.request.post("/api/crm/meeting-types", {
      data: {
        slug,
        title_es: `Demo ${stamp}`,
        title_en: `Demo ${stamp}`,
        duration_minutes: 30,
        host_ids: [leaver.id],
      },
      headers,
    });
    expect(created.status()).toBe(201);
    const deactivated = await page.request.patch(`/api/staff/accounts/${leaver.id}`, {
      data: { active: false },
      headers,
    });
    expect(deactivated.status()).toBe(200);

    await page.goto("/crm/meetings/types");
    const card = page.locator(`[data-meeting-type="${slug}"]`);
    await expect(card).toContainText(`Leo Leaver ${stamp} ${text.deactivated}`);
    await expect(card).toContainText(text.noActiveHost);
    await expect(card).toContainText(text.noHostStatus);
    await card.scrollIntoViewIfNeeded();
    await shootAtBothWidths(page, testInfo, `meeting-type-host-left-${lang}`);

    // A visitor with the type's link is told it is not offered, with a way on, not an empty calendar.
    const visitor = await browser.newContext({ viewport: PHONE, baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${text.bookPath}/${slug}`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(text.notOffered);
    await expect(visitorPage.getByRole("link", { name: text.bookDefault })).toBeVisible();
    await expect(visitorPage.getByRole("link", { name: text.writeTo })).toBeVisible();
    await shootAtBothWidths(visitorPage, testInfo, `book-host-left-${lang}`);

    // The form lists the deactivated host, ticked, so it can be taken off; then the type saves.
    await card.getByRole("button", { name: `${text.edit} Demo ${stamp}` }).click();
    const host = card.getByRole("checkbox", { name: `Leo Leaver ${stamp} ${text.deactivated}` });
    await expect(host).toBeChecked();
    await host.scrollIntoViewIfNeeded();
    await shootAtBothWidths(page, testInfo, `meeting-type-host-left-form-${lang}`);
    await host.uncheck();
    await card.getByRole("button", { name: text.saveType }).click();
    await expect(page.getByText(text.typeSaved)).toBeVisible();
    await expect(card).not.toContainText(text.noActiveHost);
    await expect(card).not.toContainText(text.noHostStatus);
    await expect(card).not.toContainText(text.deactivated);

    // Hosted by the team now, the same link offers times again.
    await visitorPage.reload();
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(`Demo ${stamp}`);
    await visitor.close();
    await context.close();
  });

  test(`when the strategy session cannot be booked, its page offers the contact address, not itself (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const text = TEXT[lang];
    const { context, page } = await signedIn(browser, baseURL!, lang);
    const headers = { origin: new URL(baseURL!).origin };
    const types = await page.request.get("/api/crm/meeting-types");
    const strategy = (await types.json()).data.find(
      (type: { slug: string }) => type.slug === "strategy-session",
    );
    expect(strategy?.active).toBe(true);
    const setActive = (active: boolean) =>
      page.request.patch(`/api/crm/meeting-types/${strategy.id}`, { data: { active }, headers });
    expect((await setActive(false)).status()).toBe(200);
    try {
      const visitor = await browser.newContext({ viewport: PHONE, baseURL });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${text.bookPath}/strategy-session`);
      await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(
        text.notTakingBookings,
      );
      await expect(visitorPage.getByRole("link", { name: text.writeTo })).toBeVisible();
      await expect(visitorPage.getByRole("link", { name: text.bookDefault })).toHaveCount(0);
      await shootAtBothWidths(visitorPage, testInfo, `book-strategy-off-${lang}`);
      await visitor.close();
    } finally {
      expect((await setActive(true)).status()).toBe(200);
      await context.close();
    }
  });
}

const JOURNEY = {
  es: {
    optin: "/optin/es",
    bookCall: "Reserva una llamada ahora",
    name: "Nombre",
    email: "Correo electrónico",
    submit: "Reservar esta hora",
    whose: "De quién",
    everyone: "De todos",
    coming: "Próximas",
    viewport: PHONE,
  },
  en: {
    optin: "/optin",
    bookCall: "Book a call now",
    name: "Name",
    email: "E-mail",
    submit: "Book this time",
    whose: "Whose",
    everyone: "Everyone's",
    coming: "Coming up",
    viewport: WIDE,
  },
} as const;

for (const lang of ["es", "en"] as const) {
  test(`questionnaire → book a call → confirmation → the host's meetings and the lead (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const text = JOURNEY[lang];
    const visitor = await browser.newContext({ viewport: text.viewport, baseURL });
    const page = await visitor.newPage();
    const email = `journey.${lang}.${Date.now()}@example.com`;
    await page.goto(text.optin);
    const questionnaireSent = page.waitForResponse(
      (answer) =>
        new URL(answer.url()).pathname === "/api/leads" && answer.request().method() === "POST",
    );
    await completeQuestionnaire(page, email);
    const questionnaire = await questionnaireSent;
    expect(questionnaire.status()).toBe(201);
    expect((questionnaire.request().postDataJSON() as { email: string }).email).toBe(email);
    await page.getByRole("link", { name: text.bookCall }).click();
    await expect(page).toHaveURL(/\/book\/strategy-session$/);
    const firstTime = page.getByTestId("free-time").first();
    await expect(firstTime).toBeVisible({ timeout: 15_000 });
    await firstTime.click();
    await page.getByLabel(text.name, { exact: true }).fill("Lucía Fernández");
    await page.getByLabel(text.email, { exact: true }).fill(email);
    const bookingSent = page.waitForResponse(
      (answer) =>
        new URL(answer.url()).pathname === "/api/meetings" && answer.request().method() === "POST",
    );
    await page.getByRole("button", { name: text.submit }).click();
    const booking = await bookingSent;
    expect(booking.status()).toBe(201);
    expect((booking.request().postDataJSON() as { email: string }).email).toBe(email);
    await expect(page).toHaveURL(/booking-confirmation\?id=AV-[A-Z0-9]{8}$/, { timeout: 15_000 });
    const booked = new URL(page.url()).searchParams.get("id")!;
    await expect(page.getByText(booked).first()).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`journey-confirmation-${lang}.png`),
      fullPage: true,
    });
    await visitor.close();

    // The staff side: the booking among everyone's coming meetings, and on its lead's page.
    const { context, page: staff } = await signedIn(browser, baseURL!, lang);
    await staff.setViewportSize(text.viewport);
    await staff.getByLabel(text.whose).selectOption({ label: text.everyone });
    await staff.getByRole("button", { name: text.coming }).click();
    const card = staff.locator(`[data-meeting="${booked}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText("Lucía Fernández");
    await staff.screenshot({
      path: testInfo.outputPath(`journey-my-meetings-${lang}.png`),
      fullPage: true,
    });
    await card.getByRole("link").click();
    await expect(staff.getByText(email).first()).toBeVisible();
    // ONE lead for the questionnaire and the booking (same e-mail, as lead capture joins them), with the
    // questionnaire, the booking's own capture and the booking on its timeline.
    const leadId = new URL(staff.url()).pathname.split("/").at(-1);
    const found = await staff.request.get(`/api/crm/leads?q=${encodeURIComponent(email)}`);
    expect(
      ((await found.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id),
    ).toEqual([leadId]);
    const timeline = staff.getByTestId("lead-timeline");
    await expect(timeline.locator('[data-activity-type="meeting_booked"]')).toHaveCount(1);
    await expect(timeline.locator('[data-activity-type="optin"]')).toHaveCount(2);
    await expect(
      staff.getByRole("region", { name: lang === "es" ? "Reuniones" : "Meetings", exact: true }),
    ).toContainText(booked);
    await expectNothingWider(staff, "the lead's page after the journey");
    await context.close();
  });
}

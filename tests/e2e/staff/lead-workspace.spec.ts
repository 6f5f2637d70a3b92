// A rep's first day, at a desk and on a phone, in English and Spanish (issue 41's quality bar): a new rep
// signs in and sees the unassigned queue, a manager selects three leads and assigns them to the rep in one
// action, the rep sees the notification, opens the lead page, e-mails the lead, drafts a proposal from the
// answers, previews and sends it, and sees "opened" on the timeline once the client opens it. Every step
// saves a screenshot; nothing is wider than the viewport.
import { expect, test, type Page } from "@playwright/test";
import { inviteStaff, signContextIn } from "../support/staff";

test.setTimeout(240_000);

const VIEWPORTS = [
  { name: "desk", width: 1366, height: 900 },
  { name: "phone", width: 360, height: 740 },
] as const;

const TEXT = {
  en: {
    search: "Search",
    select: (name: string) => `Select ${name}`,
    assign: "Assign to…",
    applied: "3 leads updated",
    notifications: "Notifications",
    assigned: (lead: string) => `E2E Owner assigned you the lead ${lead}`,
    send: "Send e-mail",
    subject: "Subject",
    body: "Message",
    greeting: "Hello",
    proposals: "Proposals",
    emailed: (subject: string) => `Rita e-mailed the lead: “${subject}”`,
    queue: "My leads and unassigned",
    whose: "Whose leads",
    industry: "Healthcare",
    draft: "Generate proposal",
    store: "Store in CRM",
    note: "Personal note (optional)",
    preview: "Preview the e-mail",
    sendMail: "Send",
    queued: /E-mail queued/,
    opened: (title: string) => `The client opened the proposal “${title}”`,
  },
  es: {
    search: "Buscar",
    select: (name: string) => `Seleccionar ${name}`,
    assign: "Asignar a…",
    applied: "3 leads actualizados",
    notifications: "Notificaciones",
    assigned: (lead: string) => `E2E Owner te asignó el lead ${lead}`,
    send: "Enviar correo",
    subject: "Asunto",
    body: "Mensaje",
    greeting: "Hola",
    proposals: "Propuestas",
    emailed: (subject: string) => `Rita escribió al lead: «${subject}»`,
    queue: "Mis leads y sin asignar",
    whose: "De quién son los leads",
    industry: "Salud",
    draft: "Generar propuesta",
    store: "Guardar en el CRM",
    note: "Nota personal (opcional)",
    preview: "Ver el correo",
    sendMail: "Enviar",
    queued: /Correo en cola/,
    opened: (title: string) => `El cliente abrió la propuesta «${title}»`,
  },
} as const;

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS)
  for (const lang of ["en", "es"] as const) {
    test(`${viewport.name} ${lang}: bulk assign, notification, lead page, e-mail`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      const text = TEXT[lang];
      const origin = new URL(baseURL!).origin;
      const headers = { origin };
      const contextOptions = {
        viewport: { width: viewport.width, height: viewport.height },
      };
      let step = 0;
      const shot = async (page: Page, name: string) => {
        await expectNoOverflow(page);
        await page.screenshot({
          path: testInfo.outputPath(`${String(++step).padStart(2, "0")}-${name}.png`),
          fullPage: true,
        });
      };

      // The manager (the e2e owner) signs in and prepares a new rep and three new leads.
      const managerContext = await browser.newContext(contextOptions);
      await signContextIn(managerContext, { language: lang });
      const manager = await managerContext.newPage();
      await manager.goto("/crm");
      await expect(manager.getByTestId("notifications-link")).toBeVisible();

      const tag = `ws${Date.now().toString(36)}${lang}${viewport.name[0]}`;
      const names = ["Ana", "Bruno", "Carla"].map((first) => `${first} ${tag}`);
      const emailOf = (name: string) => `${name.split(" ")[0]!.toLowerCase()}.${tag}@example.com`;
      // Ana came through the questionnaire (in Spanish), so her proposal can be drafted from her answers;
      // she arrives before the rep exists, so the round-robin cannot have given her to the rep.
      const answered = await manager.request.post("/api/leads", {
        data: {
          lang: "es",
          website: "clinica-norte.example",
          name: names[0],
          email: emailOf(names[0]!),
          phone: "+34 600 000 123",
          company: `Empresa ${tag}`,
          industry: "Healthcare",
          employees_range: "51–200",
          headquarters: "Bilbao",
          role: "CIO",
          uses_ai: "No",
          data_storage: "Not Sure",
          has_data_team: "Yes",
          areas: ["process automation"],
          challenge: "Perdemos llamadas fuera de horario.",
          timeline: "3–6 months",
          budget: "$25k–$100k",
          preferred_contact: "Video Call",
          message: "Queremos una recepcionista de IA.",
        },
      });
      expect(answered.status()).toBe(201);
      const repEmail = `rita.${tag}@example.com`;
      const password = "rita-sales-password-1";
      await inviteStaff(manager.request, headers, {
        email: repEmail,
        name: `Rita ${tag}`,
        role: "sales",
        password,
      });

      const found = await manager.request.get(
        `/api/crm/leads?q=${encodeURIComponent(emailOf(names[0]!))}`,
      );
      const leadIds: string[] = [
        ((await found.json()) as { leads: { id: string }[] }).leads[0]!.id,
      ];
      for (const name of names.slice(1)) {
        const created = await manager.request.post("/api/crm/leads", {
          data: { name, email: emailOf(name), company: `Empresa ${tag}`, lang: "es" },
          headers,
        });
        expect(created.status()).toBe(201);
        leadIds.push(((await created.json()) as { id: string }).id);
      }

      // Made before the rep first signs in, the leads are not theirs by round-robin.
      // The new rep signs in (their language is noted for what the app writes them) and sees their
      // queue: their own leads and the unassigned ones.
      const repContext = await browser.newContext(contextOptions);
      await signContextIn(repContext, { language: lang, email: repEmail, password });
      const rep = await repContext.newPage();
      await rep.goto("/crm");
      await expect(rep.getByTestId("notifications-link")).toBeVisible();
      await expect(rep.getByTestId("notifications-count")).toHaveCount(0);
      // Their first list is their own leads and the unassigned ones, said so on the screen.
      const whose = rep.getByLabel(text.whose, { exact: true });
      await expect(whose).toHaveValue("me_or_none");
      await expect(whose.locator("option:checked")).toHaveText(text.queue);
      await shot(rep, "rep-first-day");

      // The manager finds them, selects the three and assigns them to the rep in one action.
      await manager.goto("/crm?owner=all");
      await manager.locator("#crm-search").fill(tag);
      await manager.getByRole("button", { name: text.search, exact: true }).click();
      // The list is a table at a desk and a list on a phone; the one on screen is used.
      for (const name of names)
        await manager.getByLabel(text.select(name)).filter({ visible: true }).check();
      const bar = manager.getByTestId("bulk-bar");
      await expect(bar).toBeVisible();
      await bar.getByLabel(text.assign).selectOption({ label: `Rita ${tag}` });
      await shot(manager, "manager-selects-three");
      await bar.getByTestId("bulk-assign").click();
      await expect(manager.getByText(text.applied)).toBeVisible();
      await shot(manager, "manager-assigned");
      await managerContext.close();

      // The rep's next page shows their unread notifications in the shell.
      await rep.reload();
      const count = rep.getByTestId("notifications-count");
      await expect(count).toHaveText("3");
      // Their default list holds their own leads and the unassigned ones: the three are there.
      await expect(rep.getByText(names[0]!).filter({ visible: true }).first()).toBeVisible();
      await shot(rep, "rep-sees-count");

      await rep.getByTestId("notifications-link").click();
      await expect(rep.getByRole("heading", { level: 1, name: text.notifications })).toBeVisible();
      const notification = rep.getByRole("link", { name: text.assigned(names[0]!) });
      await expect(notification).toBeVisible();
      await shot(rep, "rep-notifications");

      // The notification opens the lead page.
      await notification.click();
      await expect(rep).toHaveURL(`/crm/leads/${leadIds[0]}`);
      await expect(rep.getByRole("heading", { level: 1, name: names[0] })).toBeVisible();
      await expect(rep.getByRole("heading", { name: text.proposals })).toBeVisible();
      // The e-mail is prefilled in the lead's language (Spanish), greeting the person by name.
      await expect(rep.getByLabel(text.body)).toHaveValue(/^Hola, Ana:/);
      // Her industry is stored in English for the business and shown in the rep's language.
      await expect(rep.getByText(`Empresa ${tag} · ${text.industry}`)).toBeVisible();
      if (lang === "es") await expect(rep.getByText("Healthcare", { exact: true })).toHaveCount(0);
      await shot(rep, "rep-lead-page");

      // The rep e-mails the lead; the page shows it in the e-mails and on the timeline without a reload.
      const subject = `Seguimiento ${tag}`;
      await rep.getByLabel(text.subject).fill(subject);
      await rep
        .getByLabel(text.body)
        .fill("Hola, Ana:\n\nGracias por la llamada de hoy.\n\nUn saludo,");
      await rep.getByRole("button", { name: text.send }).click();
      await expect(rep.getByTestId("lead-emails").getByText(subject)).toBeVisible();
      const timeline = rep.getByTestId("lead-timeline");
      await expect(
        timeline.getByText(text.emailed(subject).replace("Rita", `Rita ${tag}`)),
      ).toBeVisible();
      await expect(
        timeline.locator('[data-activity-type="lead_email"] [data-delivery]'),
      ).toBeVisible();
      await shot(rep, "rep-emailed-lead");

      // The rep drafts a proposal from Ana's answers and stores it in the CRM from the builder.
      await rep.getByRole("button", { name: text.draft }).click();
      await expect(rep).toHaveURL(/\/proposal\/new\?from=/);
      await expect(rep.getByTestId("builder-lead").getByRole("link")).toHaveAttribute(
        "href",
        `/crm/leads/${leadIds[0]}`,
      );
      await shot(rep, "rep-draft-from-answers");
      await rep.getByRole("button", { name: text.store }).click();
      await expect(rep).toHaveURL(/\/proposal\/new\?proposal=[0-9a-f-]{36}$/);
      const proposalId = new URL(rep.url()).searchParams.get("proposal")!;
      await expect(rep.getByTestId("builder-stored")).toBeVisible();
      await shot(rep, "rep-stored-proposal");

      // It is previewed with a personal note, in the lead's language and greeting her by name, then sent.
      await rep.goto(`/proposal/db/${proposalId}`);
      if (viewport.name === "phone")
        await rep.getByRole("button", { name: /^(Actions|Acciones)$/ }).click();
      // The document's own toolbar speaks the proposal's language (Spanish here).
      await rep
        .getByRole("navigation")
        .getByRole("button", { name: /^(Send by email|Enviar por email)$/ })
        .click();
      const mail = rep.getByTestId("proposal-email-dialog");
      const note = `Nota ${tag}: hablamos el jueves.`;
      await mail.getByLabel(text.note).fill(note);
      await mail.getByRole("button", { name: text.preview }).click();
      const preview = rep.frameLocator("[data-testid=proposal-email-preview]").locator("body");
      await expect(preview).toContainText(note);
      await expect(preview).toContainText(`Hola, ${names[0]}`);
      await shot(rep, "rep-proposal-preview");
      await mail.getByRole("button", { name: text.sendMail, exact: true }).click();
      await expect(rep.getByTestId("proposal-staff-feedback")).toHaveText(text.queued);
      await shot(rep, "rep-proposal-sent");

      // Back on the lead page, the proposal is listed; when the client opens the link, the timeline
      // says so without a reload.
      const stored = await rep.request.get(`/api/crm/proposals/${proposalId}`);
      const proposal = ((await stored.json()) as { data: { token: string; title: string } }).data;
      await rep.goto(`/crm/leads/${leadIds[0]}`);
      await expect(rep.getByTestId("lead-proposals").getByText(proposal.title)).toBeVisible();
      const clientContext = await browser.newContext();
      const client = await clientContext.newPage();
      await client.goto(`/proposals/ai-generated/${proposal.token}`);
      await expect(client.getByRole("heading", { name: proposal.title }).first()).toBeVisible();
      await clientContext.close();
      await expect(
        rep.getByTestId("lead-timeline").getByText(text.opened(proposal.title)),
      ).toBeVisible({ timeout: 30_000 });
      await shot(rep, "rep-sees-opened");
      await repContext.close();
    });
  }

// The builder as a rep uses it, at desk and phone sizes, in both staff languages: store a lead's proposal
// in the CRM, see its link "not shared yet", share it, reopen it (the same proposal, a new version), try a
// second one for the same lead (an explicit choice), then preview the e-mail with a note and send it.
import { randomUUID } from "node:crypto";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { OWNER_STORAGE_STATE } from "../support/constants";

const SIZES = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 360, height: 740 },
] as const;

const WORDS = {
  en: {
    store: "Store in CRM",
    saveChanges: "Save changes",
    notShared: "not shared yet",
    share: "Share: open the client link",
    editing: "Editing",
    other: "Spanish",
    main: "English",
    country: "Country",
    title: "Title",
    conflict: "This lead already has a proposal",
    edit: "Edit the existing proposal",
    cancel: "Cancel",
    preview: "Preview the e-mail",
    note: "Personal note (optional)",
    send: "Send",
    queued: /E-mail queued/,
    version2: /version 2/,
    greeting: "Hello",
  },
  es: {
    store: "Guardar en el CRM",
    saveChanges: "Guardar cambios",
    notShared: "aún no compartida",
    share: "Compartir: abrir el enlace al cliente",
    editing: "Editando",
    other: "Inglés",
    main: "Español",
    country: "País",
    title: "Título",
    conflict: "Este lead ya tiene una propuesta",
    edit: "Editar la propuesta existente",
    cancel: "Cancelar",
    preview: "Ver el correo",
    note: "Nota personal (opcional)",
    send: "Enviar",
    queued: /Correo en cola/,
    version2: /versión 2/,
    greeting: "Hola,",
  },
} as const;

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, testInfo: TestInfo, step: string) {
  await page.screenshot({ path: testInfo.outputPath(`${step}.png`), fullPage: false });
}

/** A fresh lead from the public questionnaire; answers its id, name and e-mail. */
async function newLead(page: Page, lang: "es" | "en") {
  const email = `builder.${randomUUID().slice(0, 8)}@example.com`;
  const name =
    lang === "es"
      ? `Lucía Constructor ${email.slice(8, 12)}`
      : `Grace Builder ${email.slice(8, 12)}`;
  const sent = await page.request.post("/api/leads", {
    data: {
      lang,
      website: "clinica-norte.example",
      name,
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
    },
  });
  expect(sent.status()).toBe(201);
  const found = await page.request.get(`/api/crm/leads?q=${encodeURIComponent(email)}`);
  const lead = ((await found.json()) as { leads: { id: string }[] }).leads[0]!;
  return { id: lead.id, name, email };
}

/** What the lead page's "Generate proposal" does: the server's draft, kept in this browser, opened in the builder. */
async function openLeadDraft(page: Page, leadId: string): Promise<string> {
  const drafted = await page.request.post(`/api/crm/leads/${leadId}/proposal-draft`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(drafted.status()).toBe(200);
  const draft = (await drafted.json()) as {
    lead_id: string;
    data: { lang: string };
    translations: Record<string, unknown>;
  };
  const key = `draft_${Date.now()}`;
  await page.evaluate(
    ({ key, draft }) => {
      localStorage.setItem(key, JSON.stringify(draft.data));
      const other = draft.data.lang === "es" ? "en" : "es";
      localStorage.setItem(
        `${key}:meta`,
        JSON.stringify({ leadId: draft.lead_id, translation: draft.translations[other] }),
      );
    },
    { key, draft },
  );
  await page.goto(`/proposal/new?from=${key}`);
  return key;
}

/** Tabs through the form: every field the keyboard reaches is above the sticky action bar. */
async function expectFieldsNeverCovered(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("textbox").first().focus();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    // The page scrolls smoothly: judge where the field comes to rest, once four frames in a row
    // have drawn it at the same place (a smooth scroll moves it on every frame).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = window.scrollY;
          let still = 0;
          const frame = () => {
            if (window.scrollY !== last) [last, still] = [window.scrollY, 0];
            else if (++still >= 4) return resolve();
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );
    const covered = await page.evaluate(() => {
      const field = document.activeElement;
      const bar = document.querySelector("[data-builder-actions]");
      if (!field || !bar || bar.contains(field)) return null;
      if (!["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(field.tagName)) return null;
      const f = field.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      return f.bottom > b.top + 1 ? `${field.tagName} ${f.bottom} > ${b.top}` : null;
    });
    expect(covered).toBeNull();
  }
}

for (const size of SIZES)
  for (const lang of ["en", "es"] as const)
    test(`builder without traps (${size.name}, ${lang})`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      test.slow();
      const words = WORDS[lang];
      // The owner through the run's stored session, in `lang` (the account's language, as the
      // header's switch sets it).
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        locale: lang === "es" ? "es-ES" : "en-US",
        storageState: OWNER_STORAGE_STATE,
      });
      await context.addCookies([{ name: "avanza_staff_lang", value: lang, url: baseURL! }]);
      const chosen = await context.request.put("/api/staff/language", {
        data: { lang },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(chosen.status()).toBe(200);
      const page = await context.newPage();
      await page.goto("/proposal/new");
      await expect(page.getByRole("button", { name: words.store })).toBeVisible();

      // 1. A lead's draft: the lead by name (never an id), no city as the country, nothing too wide.
      const lead = await newLead(page, lang);
      const draftKey = await openLeadDraft(page, lead.id);
      const leadLine = page.getByTestId("builder-lead");
      await expect(leadLine.getByRole("link", { name: lead.name })).toHaveAttribute(
        "href",
        `/crm/leads/${lead.id}`,
      );
      await expect(page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/)).toHaveCount(0);
      await expect(page.getByText(/draft_\d/)).toHaveCount(0);
      await expect(page.getByLabel(words.country)).toHaveValue("");
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, "01-lead-draft");

      // Client facts are one set: the country typed in one language reads the same in the other.
      const country = lang === "es" ? "España" : "Spain";
      const editing = page.getByRole("group", { name: words.editing });
      await editing.getByRole("button", { name: words.other, exact: true }).click();
      await page.getByLabel(words.country).fill(country);
      await editing.getByRole("button", { name: words.main, exact: true }).click();
      await expect(page.getByLabel(words.country)).toHaveValue(country);
      await expectFieldsNeverCovered(page);

      // 2. Stored: the link is "not shared yet", with a Share button; never a link that answers 404.
      await page.getByRole("button", { name: words.store }).click();
      const stored = page.getByTestId("builder-stored");
      await expect(stored.getByTestId("builder-link-state")).toHaveText(words.notShared);
      await expect(page.getByTestId("builder-client-link")).toHaveCount(0);
      await expect(page).toHaveURL(/\/proposal\/new\?proposal=[0-9a-f-]{36}$/);
      const id = new URL(page.url()).searchParams.get("proposal")!;
      await stored.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, "02-stored-not-shared");

      // 3. Shared: the link opens for the client.
      await stored.getByRole("button", { name: words.share }).click();
      const link = page.getByTestId("builder-client-link");
      await expect(link).toBeVisible();
      const clientPath = new URL((await link.getAttribute("href"))!, "http://x").pathname;
      expect((await page.request.get(clientPath)).status()).toBe(200);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, "03-shared");

      // 4. Reopened: the builder edits the same proposal (a new version), it does not make another.
      await page.reload();
      const title = page.getByLabel(words.title, { exact: true });
      await expect(title).not.toHaveValue("");
      await title.fill(`${await title.inputValue()} (v2)`);
      await page.getByRole("button", { name: words.saveChanges }).click();
      await expect(page.getByTestId("builder-stored")).toContainText(words.version2);
      expect(new URL(page.url()).searchParams.get("proposal")).toBe(id);
      const listed = await page.request.get(`/api/crm/proposals?lead_id=${lead.id}`);
      expect(((await listed.json()) as { data: { id: string }[] }).data.map((p) => p.id)).toEqual([
        id,
      ]);
      await shoot(page, testInfo, "04-reopened-edited");

      // 5. A second proposal for the same lead is a choice, with a way to the existing one.
      await page.goto(`/proposal/new?from=${draftKey}`);
      await page.getByRole("button", { name: words.store }).click();
      const conflict = page.getByTestId("builder-conflict");
      await expect(conflict.getByRole("heading", { name: words.conflict })).toBeVisible();
      await expect(conflict.getByRole("link", { name: words.edit })).toHaveAttribute(
        "href",
        `/proposal/new?proposal=${id}`,
      );
      await shoot(page, testInfo, "05-second-proposal-choice");
      await conflict.getByRole("button", { name: words.cancel }).click();
      await expect(conflict).toBeHidden();

      // 6. The e-mail: previewed with a personal note, in the proposal's language, to the lead by name.
      await page.goto(`/proposal/db/${id}`);
      const actionsMenu = page.getByRole("button", { name: /^(Actions|Acciones)$/ });
      if (size.name === "phone") await actionsMenu.click();
      await page
        .getByRole("navigation")
        .getByRole("button", { name: lang === "es" ? "Enviar por email" : "Send by email" })
        .click();
      const mail = page.getByTestId("proposal-email-dialog");
      const note = `Nota ${randomUUID().slice(0, 6)}: hablamos el jueves.`;
      await mail.getByLabel(words.note).fill(note);
      await mail.getByRole("button", { name: words.preview }).click();
      await expect(mail.getByTestId("proposal-email-subject")).not.toBeEmpty();
      const body = page.frameLocator("[data-testid=proposal-email-preview]").locator("body");
      await expect(body).toContainText(note);
      await expect(body).toContainText(`${words.greeting} ${lead.name}`);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, "06-email-preview");
      await mail.getByRole("button", { name: words.send, exact: true }).click();
      await expect(mail).toHaveCount(0);
      await expect(page.getByTestId("proposal-staff-feedback")).toHaveText(words.queued);
      await shoot(page, testInfo, "07-email-queued");
      await context.close();
    });

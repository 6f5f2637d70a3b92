import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { signaturePng } from "../../support/signature-png";
import { trackOpenRequests } from "../support/payloads";
import { drawSignature } from "../support/signature";
import { staffApiCookie } from "../support/staff";

// Issue 34: the client with a proposal link, on a phone and on a desktop, in Spanish and English. The
// page is rendered on the server in the proposal's language whatever the browser's, its actions menu is
// usable at 360 px, and signing ends on a banner, the sealed PDF and the payment schedule.

type Lang = "es" | "en";

const VIEWPORTS = [
  { name: "360", width: 360, height: 740 },
  { name: "1366", width: 1366, height: 900 },
] as const;

const COPY = {
  es: {
    title: "Agentes de IA para Repuestos Bravo",
    payment:
      "Forma de pago: 50% al inicio, 40% antes de pasar a producción y 10% a los 14 días del despliegue.",
    comparison: {
      metric: "Tiempo de respuesta a cotizaciones de piezas por WhatsApp",
      baseline: "Entre tres y cinco horas laborables",
      agent: "Menos de un minuto, las veinticuatro horas",
      delta: "-99% de tiempo de espera",
    },
    menu: "Acciones",
    actions: "Acciones de la propuesta",
    items: ["Imprimir", "Descargar PDF", "Hablar con un agente"],
    name: "Nombre completo",
    role: "Cargo",
    legend: "Datos del firmante y firma",
    consent: /firma electrónicamente la versión 1/,
    save: "Guardar firma",
    banner: /^Firmada por Ana Pérez el /,
    fingerprint: /^Huella del documento \(SHA-256\): [0-9a-f]{64}$/,
    verify: "Verificar este documento",
    signedPdf: "Descargar el PDF firmado",
    pay: "Proceder con el pago",
    dueNow: "A pagar ahora",
    instructions: "Transferencia a Banco Popular",
  },
  en: {
    title: "AI agents for Bravo Parts",
    payment: "Payment: 50% at the start, 40% before production and 10% 14 days after deployment.",
    comparison: {
      metric: "Response time to WhatsApp parts quotes",
      baseline: "Between three and five working hours",
      agent: "Under a minute, around the clock",
      delta: "-99% waiting time",
    },
    menu: "Actions",
    actions: "Proposal actions",
    items: ["Print", "Download PDF", "Talk to an agent"],
    name: "Full name",
    role: "Role",
    legend: "Signer's details and signature",
    consent: /you sign version 1 of this proposal electronically/,
    save: "Save signature",
    banner: /^Signed by Ana Pérez on /,
    fingerprint: /^Document fingerprint \(SHA-256\): [0-9a-f]{64}$/,
    verify: "Verify this document",
    signedPdf: "Download the signed PDF",
    pay: "Proceed with payment",
    dueNow: "Due now",
    instructions: "Bank transfer to Banco Popular",
  },
} as const;

function proposalData(lang: Lang, client: string) {
  const copy = COPY[lang];
  return {
    lang,
    title: copy.title,
    client: { name: client, industry: "Repuestos", country: "República Dominicana" },
    kpis: [copy.comparison.metric],
    comparison: [copy.comparison, copy.comparison],
    investment: {
      currency: "USD",
      items: [{ label: copy.title, amount: "24,000" }],
      subtotal: "24,000",
      monthly: [{ label: copy.title, amount: "2,500" }],
      notes: [copy.payment],
    },
    terms: [copy.payment],
  };
}

let staffCookie: string | undefined;

/** A shared proposal made through the staff API, as the builder would store it; its client link's path. */
async function sharedProposal(
  page: Page,
  baseURL: string,
  data: ReturnType<typeof proposalData>,
  translations: Partial<Record<Lang, ReturnType<typeof proposalData>>> = {},
): Promise<{ token: string; path: string }> {
  // One sign-in for the spec's proposals (each is an argon2 check on the server).
  staffCookie ??= await staffApiCookie(page.request, baseURL);
  const headers = { origin: new URL(baseURL).origin, cookie: staffCookie };
  const created = await page.request.post("/api/crm/proposals", {
    data: { data, translations },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  expect((await page.request.post(`/api/crm/proposals/${id}/share`, { headers })).status()).toBe(
    200,
  );
  return { token, path: `/proposals/ai-generated/${token}` };
}

/** Every console error and uncaught exception (a hydration mismatch is both) the page reports. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function clientBrowser(
  browser: Browser,
  locale: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ locale, viewport, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

for (const viewport of VIEWPORTS) {
  for (const lang of ["es", "en"] as const) {
    const other: Lang = lang === "es" ? "en" : "es";
    test(`${lang} proposal at ${viewport.name} px: opens in its language in en-US and es-ES browsers, menu on top, sign with consent, banner, sealed PDF, payment schedule`, async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.slow();
      const copy = COPY[lang];
      const clientName = `Repuestos Bravo ${viewport.name}-${lang}-${Date.now().toString(36)}`;
      const { path } = await sharedProposal(page, baseURL!, proposalData(lang, clientName));

      // The browser whose language is not the proposal's still reads the proposal's, from the server.
      const foreign = await clientBrowser(browser, other === "en" ? "en-US" : "es-ES", viewport);
      await foreign.page.goto(path);
      await expect(foreign.page.locator("html")).toHaveAttribute("lang", lang);
      await expect(foreign.page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
      await expect(foreign.page.getByRole("group", { name: /language|idioma/i })).toHaveCount(0);
      await foreign.context.close();
      expect(foreign.errors).toEqual([]);

      const {
        context,
        page: client,
        errors,
      } = await clientBrowser(browser, lang === "en" ? "en-US" : "es-ES", viewport);
      const html = await (await client.request.get(path)).text();
      // The proposal is in the HTML the server sends, with no spinner.
      expect(html).toContain(copy.comparison.metric);
      expect(html).toContain(`<html lang="${lang}"`);
      await client.goto(path);
      await expect(client.locator("html")).toHaveAttribute("lang", lang);
      await expect(client.getByTestId("proposal-client")).toHaveText(clientName);
      expect(
        await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await shot(client, testInfo, `01-read-${lang}-${viewport.name}`);

      // The actions: behind a menu on a phone, a row on a desktop; either way each item is on top.
      const nav = `nav[aria-label="${copy.actions}"]`;
      if (viewport.width < 768) {
        await client.getByRole("button", { name: copy.menu, exact: true }).click();
        await expect(client.getByTestId("proposal-actions-menu")).toBeVisible();
      }
      for (const name of copy.items) {
        const item = client.locator(nav).getByRole(name === copy.items[0] ? "button" : "link", {
          name,
          exact: true,
        });
        await expect(item).toBeVisible();
        const isTopmost = await item.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && (hit === element || element.contains(hit));
        });
        expect(isTopmost, `"${name}" is the topmost element at its own centre`).toBe(true);
      }
      await shot(client, testInfo, `02-menu-${lang}-${viewport.name}`);
      // "Download PDF" is the server's PDF of this page, in its language.
      const unsigned = client.waitForEvent("download");
      await client.locator(nav).getByRole("link", { name: copy.items[1], exact: true }).click();
      const unsignedPdf = readFileSync((await (await unsigned).path())!);
      expect(unsignedPdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(unsignedPdf.toString("latin1")).toContain("/MarkInfo");
      if (viewport.width < 768) {
        // The menu closed with the download; the page scrolls again.
        await expect(client.getByTestId("proposal-actions-menu")).toBeHidden();
      }
      // With the menu closed the page scrolls.
      await client.mouse.wheel(0, 600);
      await expect.poll(() => client.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      // Signing: a legend, the consent line, today's date already there.
      await expect(client.getByRole("group", { name: copy.legend })).toBeVisible();
      await expect(client.getByTestId("signature-consent")).toHaveText(copy.consent);
      // Today in the signer's locale: the browser's language, not the proposal's.
      const today = await client.evaluate(() =>
        new Intl.DateTimeFormat(navigator.language, { dateStyle: "long" }).format(new Date()),
      );
      expect(today).toMatch(lang === "es" ? / de \w+ de \d{4}$/ : /^\w+ \d{1,2}, \d{4}$/);
      await expect(client.locator('input[name="date"]')).toHaveValue(today);
      await client.getByLabel(copy.name).fill("Ana Pérez");
      await client.getByLabel(copy.role).fill("Directora");
      await drawSignature(client);
      // Not a full-page shot here: resizing the viewport for it would clear the drawing pad.
      await client.screenshot({
        path: testInfo.outputPath(`03-sign-${lang}-${viewport.name}.png`),
      });
      await client.getByRole("button", { name: copy.save }).click();

      // The banner at the top: who and when, the fingerprint, where to verify it.
      const banner = client.getByTestId("signed-banner");
      await expect(banner.getByRole("heading")).toHaveText(copy.banner);
      await expect(client.getByTestId("signed-fingerprint")).toHaveText(copy.fingerprint);
      await expect(banner.getByRole("link", { name: copy.verify })).toHaveAttribute(
        "href",
        `/proposals/verify?lang=${lang}`,
      );
      // One download: the sealed PDF (the page's own export is gone).
      await expect(
        client.locator(nav).getByRole("link", { name: copy.items[1], exact: true }),
      ).toHaveCount(0);
      await client.evaluate(() => window.scrollTo(0, 0));
      await shot(client, testInfo, `04-banner-${lang}-${viewport.name}`);
      const download = client.waitForEvent("download");
      await banner.getByRole("link", { name: copy.signedPdf }).click();
      const pdf = readFileSync((await (await download).path())!);
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

      // The schedule agreed in the payment terms: 50% of 24,000 due now, and the way to pay.
      await banner.getByText(copy.pay, { exact: true }).click();
      const payment = client.getByTestId("payment");
      const money = (n: number) =>
        new Intl.NumberFormat(lang, { style: "currency", currency: "USD" }).format(n);
      await expect(payment.getByTestId("payment-due-now")).toContainText(money(12000));
      await expect(payment.getByTestId("payment-due-now")).toContainText(copy.dueNow);
      await expect(payment.getByRole("row")).toHaveCount(4);
      await expect(payment).toContainText(money(9600));
      await expect(payment).toContainText(money(2400));
      await expect(payment.getByTestId("payment-instructions")).toContainText(copy.instructions);
      await expect(payment.getByRole("link")).toHaveAttribute(
        "href",
        "https://pay.avanza.example/checkout",
      );
      expect(
        await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await shot(client, testInfo, `05-payment-${lang}-${viewport.name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

test("no hydration or console error on an unsigned and a signed link in en-US, es-ES and fr-FR browsers; the toggle offers the proposal's languages", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const stamp = Date.now().toString(36);
  const bilingual = await sharedProposal(page, baseURL!, proposalData("es", `Bilingüe ${stamp}`), {
    en: proposalData("en", `Bilingüe ${stamp}`),
  });
  const single = await sharedProposal(page, baseURL!, proposalData("en", `Single ${stamp}`));
  const signed = await sharedProposal(page, baseURL!, proposalData("en", `Signed ${stamp}`));
  const signing = await page.request.post(`/api/ai/proposals/${signed.token}/signature`, {
    headers: { origin },
    data: {
      full_name: "Ana Pérez",
      role: "CEO",
      company: "Bravo",
      date: "2026-11-26",
      image: signaturePng(),
      version: 1,
    },
  });
  expect(signing.status()).toBe(201);

  for (const locale of ["en-US", "es-ES", "fr-FR"]) {
    const {
      context,
      page: client,
      errors,
    } = await clientBrowser(browser, locale, {
      width: 360,
      height: 740,
    });
    const { settled } = trackOpenRequests(client);
    for (const { path, lang } of [
      { path: bilingual.path, lang: "es" },
      { path: `${bilingual.path}?lang=en`, lang: "en" },
      { path: single.path, lang: "en" },
      { path: signed.path, lang: "en" },
    ]) {
      await client.goto(path);
      await expect(client.locator("html")).toHaveAttribute("lang", lang);
      // Hydration runs once the page's scripts are in; a mismatch would be reported by then.
      await settled();
    }
    // The bilingual proposal offers its two languages; a link switches the whole page.
    await client.goto(bilingual.path);
    const toggle = client.getByRole("group", { name: "Idioma del documento" });
    await expect(toggle.getByRole("link")).toHaveText(["ES", "EN"]);
    await toggle.getByRole("link", { name: "EN" }).click();
    await expect(client.locator("html")).toHaveAttribute("lang", "en");
    await expect(client.getByRole("heading", { level: 1 })).toHaveText(COPY.en.title);
    await settled();
    // A proposal in one language has no toggle at all.
    await client.goto(single.path);
    await expect(client.getByRole("group", { name: "Document language" })).toHaveCount(0);
    await settled();
    expect(errors, `console errors in a ${locale} browser`).toEqual([]);
    await context.close();
  }
});

test("on a phone the sample proposal's actions menu opens on top of the document, and the page scrolls once it is closed", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/proposal/santo-domingo-motors");
  await page.getByRole("button", { name: "Acciones", exact: true }).click();
  const menu = page.getByTestId("proposal-actions-menu");
  await expect(menu).toBeVisible();
  const items = menu.locator("a, button");
  expect(await items.count()).toBeGreaterThanOrEqual(3);
  for (const item of await items.all()) {
    await expect(item).toBeVisible();
    const isTopmost = await item.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
    expect(
      isTopmost,
      `"${await item.textContent()}" is the topmost element at its own centre`,
    ).toBe(true);
  }
  await page.screenshot({ path: testInfo.outputPath("sample-menu-360.png"), fullPage: true });
  // A tap outside closes it; the page then scrolls as usual.
  await page.mouse.click(180, 700);
  await expect(menu).toBeHidden();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await context.close();
});

// A walk through the staff shell (issue 41) as a sales rep, a manager and the owner, in Spanish and English,
// at 1366 × 900 and 360 × 740: every page the role may open (plus My account, Notifications, a lead page and a
// stored proposal) speaks one language, the account's (a proposal document keeps its own), and nothing is
// wider than the screen. A full-page screenshot of each goes to the test output, to be looked at.
import { expect, test, type Page } from "@playwright/test";
import { staffNavFor } from "@/lib/staff/staff-nav";
import type { StaffRole } from "@/lib/staff/roles";
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "../support/constants";
import { foreignLanguageTexts } from "../support/language";
import { expectNothingWider } from "../support/layout";
import { signInOnLockScreen } from "../support/staff";

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };

let people: Record<StaffRole, { email: string; password: string }>;
let leadId: string;
let proposalId: string;

test.beforeAll(async ({ browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const headers = { origin };
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/crm");
  await signInOnLockScreen(page);
  await expect(page.getByRole("banner")).toBeVisible();
  const stamp = Date.now().toString(36);
  const invite = async (role: "manager" | "sales") => {
    const email = `walk.${role}.${stamp}@example.com`;
    const invited = await page.request.post("/api/staff/accounts", {
      data: { email, name: `Walk ${role}`, role },
      headers,
    });
    expect(invited.status()).toBe(201);
    const { invite_url, account } = (await invited.json()) as {
      invite_url: string;
      account: { id: string };
    };
    const password = `walk-${role}-password-1`;
    const set = await page.request.post("/api/staff/password", {
      data: { token: new URL(invite_url).searchParams.get("token"), password },
      headers,
    });
    expect(set.status()).toBe(200);
    return { id: account.id, email, password };
  };
  const sales = await invite("sales");
  people = {
    owner: { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD },
    manager: await invite("manager"),
    sales,
  };
  // A questionnaire lead stored in English, with a long e-mail, and a Spanish proposal for it.
  const submitted = await page.request.post("/api/leads", {
    data: {
      lang: "en",
      website: "walk-clinic.example",
      name: `Walk Lead ${stamp}`,
      email: `maria.fernanda.gonzalez.${stamp}@clinica-dental-santa-maria.example`,
      phone: "+1 555 0100",
      company: `Walk Clinic ${stamp}`,
      industry: "Healthcare",
      employees_range: "51–200",
      headquarters: "Boston",
      role: "CIO",
      uses_ai: "No",
      data_storage: "Cloud",
      has_data_team: "Yes",
      areas: ["process automation"],
      challenge: "We miss calls.",
      timeline: "3–6 months",
      budget: "$25k–$100k",
      preferred_contact: "Video Call",
      message: "An AI receptionist, please.",
    },
  });
  expect(submitted.status()).toBe(201);
  const found = await page.request.get(`/api/crm/leads?q=${stamp}`);
  leadId = ((await found.json()) as { leads: { id: string }[] }).leads[0]!.id;
  // The walk's rep owns it, so they may open it whoever the round-robin chose and whatever the owner's
  // visibility setting is when the walk runs.
  const assigned = await page.request.post("/api/crm/leads/bulk", {
    data: { ids: [leadId], owner_id: sales.id },
    headers,
  });
  expect(assigned.status()).toBe(200);
  const stored = await page.request.post("/api/crm/proposals", {
    data: {
      lead_id: leadId,
      data: {
        lang: "es",
        title: "Recepcionista de IA para la clínica",
        client: { name: `Walk Clinic ${stamp}` },
        investment: { currency: "USD", subtotal: "12,200" },
      },
    },
    headers,
  });
  expect(stored.status()).toBe(201);
  proposalId = ((await stored.json()) as { id: string }).id;
  await context.close();
});

/** Lets a page's own requests settle (lists and panels load after the first paint). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
}

const slug = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-$/, "") || "home";

for (const role of ["sales", "manager", "owner"] as const) {
  for (const lang of ["es", "en"] as const) {
    test(`as ${role} in ${lang}, every staff page speaks ${lang} only and fits at 1366 and 360 px`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(420_000);
      const context = await browser.newContext({ viewport: WIDE, baseURL });
      await context.addCookies([{ name: "avanza_staff_lang", value: lang, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto("/crm");
      await signInOnLockScreen(page, { ...people[role], language: lang });
      await expect(page.getByRole("banner")).toBeVisible();
      const pages = [
        ...staffNavFor(role).map((item) => item.href),
        "/crm/account",
        "/crm/notifications",
        `/crm/leads/${leadId}`,
        `/proposal/db/${proposalId}`,
      ];
      for (const viewport of [WIDE, PHONE]) {
        await page.setViewportSize(viewport);
        for (const path of pages) {
          const where = `${role} ${lang} ${path} at ${viewport.width} px`;
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
          await settle(page);
          expect.soft(await page.locator("html").getAttribute("lang"), where).toBe(lang);
          expect
            .soft(await foreignLanguageTexts(page, lang), `${where}: other language`)
            .toEqual([]);
          await expectNothingWider(page, where).catch((error: Error) =>
            expect.soft(error.message, where).toBe(""),
          );
          await page.screenshot({
            path: testInfo.outputPath(`walk-${role}-${lang}-${viewport.width}-${slug(path)}.png`),
            fullPage: true,
          });
        }
      }
      await context.close();
    });
  }
}

// `npm run walk` (playwright.walk.config.ts; not part of `npm test`): every staff page per role (sales,
// manager, owner), language and width (1366 × 900 and 360 × 740), and every public page per language and
// width, each as a full-page screenshot under test-results/walk/, for people to look at. It checks nothing
// beyond the page loading: what the pages must be is tested by `npm test` (tests/http/staff/pages.spec.ts,
// tests/e2e/staff/walk.spec.ts and tests/e2e/site).
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { routing } from "@/lib/i18n/routing";
import { indexablePublicPaths, publicPagePaths } from "@/lib/seo/public-pages";
import { staffNavFor } from "@/lib/staff/staff-nav";
import type { StaffRole } from "@/lib/staff/roles";
import { E2E_BASE_URL, E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "../e2e/support/constants";
import { PHONE, WIDE } from "../e2e/support/layout";
import { openStaffNavigation, signContextIn } from "../e2e/support/staff";
import { createWalkLeadAndProposal, inviteWalkTeam } from "../e2e/support/staff-walk";

const headers = { origin: E2E_BASE_URL };
let people: Record<StaffRole, { email: string; password: string }>;
let leadId: string;
let proposalId: string;
let proposalToken: string;

const slug = (page: string) =>
  page
    .replace(/^\//, "")
    .replace(/\?.*$/, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-$/, "") || "home";

const shotsDir = () => test.info().project.outputDir;

test.beforeAll(async ({ playwright }) => {
  const api: APIRequestContext = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const signedIn = await api.post("/api/crm/auth", {
    data: { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  const stamp = Date.now().toString(36);
  const team = await inviteWalkTeam(api, stamp);
  people = team;
  // A questionnaire lead with a long e-mail, the rep's, and a Spanish proposal for it, shared.
  ({ leadId, proposalId } = await createWalkLeadAndProposal(api, stamp, {
    ownerId: team.sales.id,
  }));
  expect((await api.post(`/api/crm/proposals/${proposalId}/share`, { headers })).status()).toBe(
    200,
  );
  const proposal = await api.get(`/api/crm/proposals/${proposalId}`);
  proposalToken = ((await proposal.json()) as { data: { token: string } }).data.token;
  await api.put("/api/staff/language", { data: { lang: "en" }, headers });
  await api.dispose();
});

test.afterAll(() => {
  console.log(`walk: the screenshots are in ${shotsDir()}`);
});

/** Opened, its heading and fonts in, and the page's requests quiet (a walk for the eye, not a timed test). */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.screenshot({ path: path.join(shotsDir(), `${name}.png`), fullPage: true });
}

for (const role of ["sales", "manager", "owner"] as const) {
  for (const lang of ["es", "en"] as const) {
    test(`staff pages as ${role} in ${lang}`, async ({ browser }) => {
      test.setTimeout(600_000);
      const pages = [
        ...staffNavFor(role).map((item) => item.href),
        "/crm/account",
        "/crm/notifications",
        `/crm/leads/${leadId}`,
        `/proposal/db/${proposalId}`,
        ...(role !== "owner" ? ["/crm/accounts"] : []),
        ...(role === "sales" ? ["/crm/outbox"] : []),
      ];
      for (const viewport of [WIDE, PHONE]) {
        const context = await browser.newContext({ viewport });
        await signContextIn(context, { ...people[role], language: lang });
        const page = await context.newPage();
        for (const [index, shown] of pages.entries()) {
          const name = `staff-${role}-${lang}-${viewport.width}-${slug(shown.replace("?tab=", "-"))}`;
          expect((await page.goto(shown))?.status(), shown).toBeLessThan(500);
          await shoot(page, name);
          if (viewport === PHONE && index === 0) {
            await openStaffNavigation(page, { language: lang });
            await page.screenshot({ path: path.join(shotsDir(), `${name}-menu.png`) });
          }
        }
        await context.close();
      }
    });
  }
}

test("public pages in both languages", async ({ browser, request }) => {
  test.setTimeout(600_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const pages = [
    ...new Set([
      ...indexablePublicPaths().flatMap((shown) =>
        routing.locales.map((locale) => publicPagePaths(shown).byLocale[locale]),
      ),
      ...listed,
      "/booking-confirmation?name=Ana&date=2025-10-02&time=10%3A00",
      "/en/booking-confirmation?name=Ana&date=2025-10-02&time=10%3A00",
      "/esta-pagina-no-existe",
      "/en/this-page-does-not-exist",
      `/proposals/ai-generated/${proposalToken}`,
    ]),
  ];
  for (const viewport of [WIDE, PHONE]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const shown of pages) {
      expect((await page.goto(shown))?.status(), shown).toBeLessThan(500);
      await shoot(page, `public-${viewport.width}-${slug(shown)}`);
    }
    await context.close();
  }
});

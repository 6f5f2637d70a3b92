// The staff pages in the browser (issues 41 and 35): every page (each tool, My account, Notifications, a lead
// page and a stored proposal) is laid out once at 360 × 740 in Spanish and once at 1366 × 900 in English, as
// the owner, who sees every tool: nothing is wider than the screen and the page, once its data is in, speaks
// one language. On a phone the navigation is closed until its menu button opens it, then shows each tool on
// the screen, and a tap in it reaches the next tool; at a desk a click in the navigation reaches each next
// tool in turn, marked as the page shown. What the server decides per role and language (the navigation's
// links, the refused pages, the language of every page) is checked on its HTML in
// tests/http/staff/pages.spec.ts; the full-page screenshots of every page per role, language and width are
// `npm run walk` (tests/walk), for people to look at.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { staffNavFor } from "@/lib/staff/staff-nav";
import { E2E_BASE_URL, OWNER_STORAGE_STATE } from "../support/constants";
import { foreignLanguageTexts } from "../support/language";
import { expectNothingWider, PHONE, WIDE } from "../support/layout";
import { openStaffNavigation, STAFF_NAV_LABEL, startSignedInAsOwner } from "../support/staff";
import { createWalkLeadAndProposal } from "../support/staff-walk";

type Lang = "en" | "es";

let leadId: string;
let proposalId: string;
const tools = staffNavFor("owner").map((item) => item.href);
const others = () => [
  "/crm/account",
  "/crm/notifications",
  `/crm/leads/${leadId}`,
  `/proposal/db/${proposalId}`,
];

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: OWNER_STORAGE_STATE,
  });
  ({ leadId, proposalId } = await createWalkLeadAndProposal(api, Date.now().toString(36)));
  await api.dispose();
});

/** What each page shows once its data is in (beyond its heading), where the browser fetches it. */
function shownWhenLoaded(page: Page, path: string): Locator | undefined {
  if (path === "/crm") return page.locator("table:visible, ul[aria-label]:visible").first();
  if (path === "/crm/proposals") return page.locator("[data-proposal]:visible").first();
  if (path === "/analytics")
    return page.getByTestId("figure-totalTraffic").filter({ hasText: /\d/ });
  if (path.startsWith("/proposal/db/")) return page.getByTestId("proposal-status");
  return undefined;
}

/** The page shown, once loaded: its language only, and nothing wider than the screen. */
async function lookAtPage(page: Page, lang: Lang, path: string, where: string) {
  await expect(page.getByRole("heading", { level: 1 }).first(), where).toBeAttached();
  await shownWhenLoaded(page, path)?.waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect.soft(await page.locator("html").getAttribute("lang"), where).toBe(lang);
  expect.soft(await foreignLanguageTexts(page, lang), `${where}: other language`).toEqual([]);
  await expectNothingWider(page, where).catch((error: Error) =>
    expect.soft(error.message, where).toBe(""),
  );
}

/** The navigation's links: exactly the tools, each shown and on the screen, the page shown marked. */
async function checkNavigation(nav: Locator, path: string, width: number, where: string) {
  const links = await nav.getByRole("link").evaluateAll((elements) =>
    elements.map((element) => ({
      href: element.getAttribute("href"),
      isShown: element.checkVisibility({ visibilityProperty: true }),
      right: element.getBoundingClientRect().right,
    })),
  );
  expect
    .soft(
      links.map((link) => link.href),
      `${where}: navigation`,
    )
    .toEqual(tools);
  for (const link of links) {
    expect.soft(link.isShown, `${where}: ${link.href} is not shown`).toBe(true);
    expect
      .soft(link.right, `${where}: ${link.href} runs off the screen`)
      .toBeLessThanOrEqual(width);
  }
  await expect.soft(nav.locator('[aria-current="page"]'), where).toHaveAttribute("href", path);
}

/** One click in the navigation (open at the size shown) reaches `next`, marked as the page shown. */
async function clickThrough(page: Page, nav: Locator, lang: Lang, next: string, where: string) {
  await nav.locator(`a[href="${next}"]`).click();
  const [nextPath, nextQuery] = next.split("?");
  await expect(page, `${where}: one click to ${next}`).toHaveURL(
    (url) =>
      url.pathname === nextPath &&
      url.searchParams.get("tab") === new URLSearchParams(nextQuery ?? "").get("tab"),
  );
  // (On a phone the menu has closed behind the link: the marked link is there, hidden.)
  await expect(
    page.locator(
      `nav[aria-label="${STAFF_NAV_LABEL[lang]}"] a[href="${next}"][aria-current="page"]`,
    ),
    `${where}: one click to ${next}`,
  ).toBeAttached();
}

test.describe("at 360 px in Spanish", () => {
  startSignedInAsOwner("es");
  test.use({ viewport: PHONE });

  test("every staff page fits a phone and speaks Spanish; the menu opens the navigation and a tap in it reaches the next tool", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const [first, second, ...rest] = tools;
    await page.goto(first!);
    await lookAtPage(page, "es", first!, `${first} at 360 px`);
    const nav = page.getByRole("navigation", { name: STAFF_NAV_LABEL.es });
    await expect(nav, "closed on a phone until the menu opens it").toBeHidden();
    await openStaffNavigation(page, { language: "es" });
    await checkNavigation(nav, first!, PHONE.width, `${first} at 360 px, the menu open`);
    await expectNothingWider(page, `${first} at 360 px with the menu open`).catch((error: Error) =>
      expect.soft(error.message).toBe(""),
    );
    await clickThrough(page, nav, "es", second!, `${first} at 360 px`);
    await lookAtPage(page, "es", second!, `${second} at 360 px`);
    for (const path of [...rest, ...others()]) {
      await page.goto(path);
      await lookAtPage(page, "es", path, `${path} at 360 px`);
    }
  });
});

test.describe("at 1366 px in English", () => {
  startSignedInAsOwner("en");
  test.use({ viewport: WIDE });

  test("every staff page fits a desk's screen and speaks English; a click in the navigation reaches each next tool, marked", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The other pages between the tools, so each tool is reached by a click from the page before it, a
    // tool or not (My account, Notifications, a lead, a proposal document).
    const extra = others();
    const walk = [
      extra[0]!,
      ...tools.flatMap((tool, index) => [
        tool,
        ...(index % 3 === 2 && extra[1 + (index - 2) / 3] ? [extra[1 + (index - 2) / 3]!] : []),
      ]),
    ];
    const nav = page.getByRole("navigation", { name: STAFF_NAV_LABEL.en });
    for (const [index, path] of walk.entries()) {
      const where = `${path} at 1366 px`;
      if (index > 0 && tools.includes(path)) {
        await clickThrough(page, nav, "en", path, `${walk[index - 1]} at 1366 px`);
      } else {
        await page.goto(path);
      }
      await lookAtPage(page, "en", path, where);
      if (index === 1) {
        await expect(nav).toBeVisible();
        await checkNavigation(nav, path, WIDE.width, where);
      }
    }
    expect(new Set(walk), "every page once").toEqual(new Set([...tools, ...extra]));
  });
});

// A walk through the staff shell (issues 41 and 35) as a sales rep, a manager and the owner, in Spanish and
// English. Every page the role may open (plus My account, Notifications, a lead page and a stored proposal) is
// opened once and looked at in both sizes, 1366 × 900 and 360 × 740 (the staff layout is CSS alone, so a
// resized page is laid out as one opened at that size): it speaks one language, the account's (a proposal
// document keeps its own); nothing is wider than the screen; the shell's navigation links exactly the role's
// tools, marks the page shown, opens from a menu button on a phone, and one click in it reaches the next
// tool. A full-page screenshot of each page at each size goes to the test output, to be looked at. The pages
// the navigation leaves out refuse the role.
import {
  expect,
  test,
  type Locator,
  type Page,
  type Request,
  type TestInfo,
} from "@playwright/test";
import { staffNavFor } from "@/lib/staff/staff-nav";
import type { StaffRole } from "@/lib/staff/roles";
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "../support/constants";
import { foreignLanguageTexts } from "../support/language";
import { expectNothingWider } from "../support/layout";
import {
  inviteStaff,
  openStaffNavigation,
  signInOnLockScreen,
  STAFF_NAV_LABEL,
} from "../support/staff";

type Lang = "en" | "es";
type Viewport = { width: number; height: number };

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
  const invite = (role: "manager" | "sales") =>
    inviteStaff(page.request, headers, {
      email: `walk.${role}.${stamp}@example.com`,
      name: `Walk ${role}`,
      role,
      password: `walk-${role}-password-1`,
    });
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

/**
 * Follows the page's own requests: documents, navigations and data, but not Next's prefetches of the links on
 * the page (a dozen tools and, on the board, every lead), which change nothing shown. `settled` waits until none
 * has been open for half a second (10 s at most). Unlike `networkidle`, it also waits after a click that moves
 * within the app without loading a new document.
 */
function followRequests(page: Page) {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const isOwn = (request: Request) => {
    const headers = request.headers();
    return (
      !("next-router-prefetch" in headers) &&
      !("next-router-segment-prefetch" in headers) &&
      ["document", "fetch", "xhr"].includes(request.resourceType())
    );
  };
  page.on("request", (request) => {
    if (!isOwn(request)) return;
    open.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async function settled() {
    await expect
      .poll(() => open.size === 0 && Date.now() - lastChange >= 500, {
        timeout: 10_000,
        intervals: [100],
      })
      .toBe(true)
      .catch(() => undefined);
  };
}

/** What each page shows once its data is in (beyond its heading), where there is something to wait for. */
function shownWhenLoaded(page: Page, path: string): Locator | undefined {
  if (path === "/crm") return page.locator("table:visible, ul[aria-label]:visible").first();
  if (path === "/crm/proposals") return page.locator("[data-proposal]:visible").first();
  if (path.startsWith("/proposal/db/")) return page.getByTestId("proposal-status");
  return undefined;
}

const slug = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-$/, "") || "home";

/** One language, nothing wider than the screen, and a full-page screenshot, at the size the page is shown. */
async function lookAtPage(page: Page, lang: Lang, where: string, screenshot: string) {
  expect.soft(await page.locator("html").getAttribute("lang"), where).toBe(lang);
  expect.soft(await foreignLanguageTexts(page, lang), `${where}: other language`).toEqual([]);
  await expectNothingWider(page, where).catch((error: Error) =>
    expect.soft(error.message, where).toBe(""),
  );
  await page.screenshot({ path: screenshot, fullPage: true });
}

/**
 * The shell's navigation at the size shown: opened from the menu button on a phone (closed until then), it
 * links exactly the role's tools, each on the screen, and marks the page shown when that is one of them.
 */
async function checkNavigation(
  page: Page,
  lang: Lang,
  tools: string[],
  path: string,
  viewport: Viewport,
  where: string,
) {
  const nav = page.getByRole("navigation", { name: STAFF_NAV_LABEL[lang] });
  if (viewport === PHONE) {
    await expect(nav, where).toBeHidden();
    await openStaffNavigation(page, { language: lang });
  }
  await expect(nav, where).toBeVisible();
  const links = await nav.getByRole("link").evaluateAll((elements) =>
    elements.map((element) => ({
      href: element.getAttribute("href"),
      isShown: element.checkVisibility({ visibilityProperty: true }),
      right: element.getBoundingClientRect().right,
    })),
  );
  // Exactly the role's tools: none missing, none it may not open.
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
      .toBeLessThanOrEqual(viewport.width);
  }
  const current = nav.locator('[aria-current="page"]');
  if (tools.includes(path)) {
    await expect.soft(current, where).toHaveCount(1);
    await expect.soft(current, where).toHaveAttribute("href", path);
  } else {
    await expect.soft(current, where).toHaveCount(0);
  }
  if (viewport === PHONE) {
    await expectNothingWider(page, `${where} with the menu open`).catch((error: Error) =>
      expect.soft(error.message, where).toBe(""),
    );
  }
  // My account is in the account menu on every page.
  await expect
    .soft(page.getByRole("banner").locator('a[href="/crm/account"]').first(), where)
    .toBeAttached();
  return nav;
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

/**
 * Signs the browser in as `role` through the lock screen's own request (POST /api/crm/auth), which makes the
 * browser's chosen language the account's, as signing in on the lock screen does: the lock screen itself is
 * walked through in beforeAll and in accounts.spec.ts; here it would cost a page load per walk.
 */
async function signIn(page: Page, baseURL: string, role: StaffRole, lang: Lang) {
  // The language is chosen, so every tool speaks it (unchosen, the dashboard would open in Spanish).
  await page.context().addCookies([{ name: "avanza_staff_lang", value: lang, url: baseURL }]);
  const answer = await page.request.post("/api/crm/auth", {
    data: { email: people[role].email, password: people[role].password },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(answer.status(), `${role} signs in`).toBe(200);
}

const shotPath = (testInfo: TestInfo, role: StaffRole, lang: Lang, width: number, name: string) =>
  testInfo.outputPath(`walk-${role}-${lang}-${width}-${name}.png`);

for (const role of ["sales", "manager", "owner"] as const) {
  for (const lang of ["es", "en"] as const) {
    test(`as ${role} in ${lang}, every staff page speaks ${lang} only, fits at 1366 and 360 px, and links the role's tools`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(300_000);
      // The English walk starts at 1366 px and the Spanish one at 360 px; each page is then left from the
      // other size, so over the two walks every page's click to the next tool is tried in both sizes.
      let viewport: Viewport = lang === "en" ? WIDE : PHONE;
      const context = await browser.newContext({ viewport, baseURL });
      const page = await context.newPage();
      const settled = followRequests(page);
      await signIn(page, baseURL!, role, lang);
      const tools = staffNavFor(role).map((item) => item.href);
      const pages = [
        ...tools,
        "/crm/account",
        "/crm/notifications",
        `/crm/leads/${leadId}`,
        `/proposal/db/${proposalId}`,
      ];
      await page.goto(pages[0]!);
      for (const [index, path] of pages.entries()) {
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
        await shownWhenLoaded(page, path)?.waitFor();
        await settled();
        let nav: Locator | undefined;
        // The size the page opened at, then the other one.
        for (const size of viewport === WIDE ? [WIDE, PHONE] : [PHONE, WIDE]) {
          await page.setViewportSize(size);
          viewport = size;
          const where = `${role} ${lang} ${path} at ${size.width} px`;
          await lookAtPage(
            page,
            lang,
            where,
            shotPath(testInfo, role, lang, size.width, slug(path)),
          );
          nav = await checkNavigation(page, lang, tools, path, size, where);
          if (size === PHONE && index === 0) {
            await page.screenshot({ path: shotPath(testInfo, role, lang, size.width, "menu") });
          }
        }
        // One click reaches the next tool (a full cycle through the list over the pages), then the walk goes on.
        const where = `${role} ${lang} ${path} at ${viewport.width} px`;
        const next = tools[(index + 1) % tools.length]!;
        await clickThrough(page, nav!, lang, next, where);
        const following = pages[index + 1];
        if (following && following !== next) await page.goto(following);
      }

      // The pages the navigation leaves out refuse the role on the server, in the account's language.
      const refused = [
        ...(role !== "owner" ? ["/crm/accounts"] : []),
        ...(role === "sales" ? ["/crm/outbox"] : []),
      ];
      for (const path of refused) {
        await page.goto(path);
        await expect(page.getByRole("main").getByRole("alert"), `${role} ${path}`).toBeVisible();
        expect.soft(await page.locator("html").getAttribute("lang"), `${role} ${path}`).toBe(lang);
      }
      await context.close();
    });
  }
}

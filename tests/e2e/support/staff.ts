import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import {
  E2E_BASE_URL,
  E2E_STAFF_EMAIL,
  E2E_STAFF_PASSWORD,
  OWNER_STORAGE_STATE,
} from "./constants";

/** The lock screen's labels in each staff language (messages/*.json, namespace staffLock). */
const LOCK_SCREEN = {
  en: { email: "E-mail", password: "Password", submit: "Unlock" },
  es: { email: "Correo electrónico", password: "Contraseña", submit: "Desbloquear" },
} as const;

export interface LockScreenOptions {
  /**
   * The language to sign in in (English unless given): the lock screen is switched to it (the browser's
   * language cookie), and signing in makes it the account's language for every staff tool.
   */
  language?: keyof typeof LOCK_SCREEN;
  /** Who signs in; the e2e owner unless given. */
  email?: string;
  password?: string;
  /** Tap instead of click (touch devices). */
  tap?: boolean;
}

/** Fills the lock screen of the staff page that is open, as a member of staff would, without submitting it. */
export async function fillLockScreen(page: Page, options: LockScreenOptions = {}) {
  const language = options.language ?? "en";
  const labels = LOCK_SCREEN[language];
  // For the whole site (the sign-in request goes to /api/crm/auth), not only the page's folder.
  const site = new URL("/", page.url()).href;
  await page.context().addCookies([{ name: "avanza_staff_lang", value: language, url: site }]);
  if ((await page.locator("html").getAttribute("lang")) !== language) await page.reload();
  await page.getByLabel(labels.email).fill(options.email ?? E2E_STAFF_EMAIL);
  await page.getByLabel(labels.password).fill(options.password ?? E2E_STAFF_PASSWORD);
}

/** Submits a filled lock screen. */
export async function submitLockScreen(page: Page, options: LockScreenOptions = {}) {
  const button = page.getByRole("button", { name: LOCK_SCREEN[options.language ?? "en"].submit });
  await (options.tap ? button.tap() : button.click());
}

/** Signs in on the lock screen of the staff page that is open. */
export async function signInOnLockScreen(page: Page, options: LockScreenOptions = {}) {
  await fillLockScreen(page, options);
  await submitLockScreen(page, options);
}

/** A staff session's "name=value" cookie for API calls made outside the browser. */
export async function staffApiCookie(api: APIRequestContext, baseURL: string): Promise<string> {
  const response = await api.post("/api/crm/auth", {
    data: { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
  return response.headers()["set-cookie"]!.split(";")[0]!;
}

/**
 * Opens a view of the CRM (Leads, Pipeline, Tasks) through the shell's navigation, as a person would: the row
 * on wide screens, the menu (opened first) on a phone; the view names itself in its heading.
 */
export async function openCrmView(
  page: Page,
  name: string,
  options: { language?: "en" | "es"; tap?: boolean } = {},
) {
  const nav = await openStaffNavigation(page, options);
  const link = nav.getByRole("link", { name, exact: true });
  await (options.tap ? link.tap() : link.click());
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
}

/** The shell's navigation and the button that opens it on a phone (messages/*.json, namespace Staff.Nav). */
export const STAFF_NAV_LABEL = { en: "Staff tools", es: "Herramientas del equipo" } as const;
export const STAFF_MENU_LABEL = { en: "Menu", es: "Menú" } as const;

/**
 * The shell's navigation, shown: on a wide screen it already is; on a phone its menu button is pressed
 * first. A tap before the page has hydrated does nothing, so it is pressed again until the menu is open
 * (never twice once open).
 */
export async function openStaffNavigation(
  page: Page,
  options: { language?: "en" | "es"; tap?: boolean } = {},
): Promise<Locator> {
  const language = options.language ?? "en";
  const nav = page.getByRole("navigation", { name: STAFF_NAV_LABEL[language] });
  await expect(async () => {
    if (!(await nav.isVisible())) {
      const menu = page.getByRole("button", { name: STAFF_MENU_LABEL[language], exact: true });
      await (options.tap ? menu.tap() : menu.click());
    }
    await expect(nav).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  return nav;
}

export interface NewStaffAccount {
  email: string;
  name: string;
  role: "owner" | "manager" | "sales";
  password: string;
}

/**
 * An account that has joined: `api` (signed in as an owner or manager) invites it and its invite link sets
 * its password, both through the API, as the accounts page and the link's page do.
 */
export async function inviteStaff(
  api: APIRequestContext,
  headers: Record<string, string>,
  person: NewStaffAccount,
): Promise<{ id: string; email: string; password: string }> {
  const invited = await api.post("/api/staff/accounts", {
    data: { email: person.email, name: person.name, role: person.role },
    headers,
  });
  expect(invited.status()).toBe(201);
  const { account, invite_url } = (await invited.json()) as {
    account: { id: string };
    invite_url: string;
  };
  const set = await api.post("/api/staff/password", {
    data: { token: new URL(invite_url).searchParams.get("token"), password: person.password },
    headers,
  });
  expect(set.status()).toBe(200);
  return { id: account.id, email: person.email, password: person.password };
}

/**
 * Makes `language` the signed-in account's language for every staff tool, as the header's switch does
 * (PUT /api/staff/language); the page shown is then reloaded by the caller.
 */
export async function chooseStaffLanguage(page: Page, language: keyof typeof LOCK_SCREEN) {
  const origin = new URL(page.url()).origin;
  const answer = await page.request.put("/api/staff/language", {
    data: { lang: language },
    headers: { origin },
  });
  expect(answer.status()).toBe(200);
}

/**
 * Signs the browser context of `page` in through the API, as the lock screen's request does, without
 * loading the lock screen: for tests whose subject is not signing in. `language` is carried into the
 * account as on the lock screen (the staff language cookie is set first). Tests about the lock screen
 * itself (two-factor, throttles, the form) keep `signInOnLockScreen`.
 */
export async function signInThroughApi(
  page: Page,
  options: Omit<LockScreenOptions, "tap"> = {},
): Promise<void> {
  await signContextIn(page.context(), options);
}

/** `signInThroughApi` for a browser context with no page open yet. */
export async function signContextIn(
  context: BrowserContext,
  options: Omit<LockScreenOptions, "tap"> = {},
): Promise<void> {
  const baseURL = E2E_BASE_URL;
  await context.addCookies([
    { name: "avanza_staff_lang", value: options.language ?? "en", url: `${baseURL}/` },
  ]);
  const answer = await context.request.post(`${baseURL}/api/crm/auth`, {
    data: {
      email: options.email ?? E2E_STAFF_EMAIL,
      password: options.password ?? E2E_STAFF_PASSWORD,
    },
    headers: { origin: baseURL },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * For a spec whose tests start signed in as the e2e owner (the run's stored session), in `language`:
 * the account's language is set before each test, since another spec may have changed it. A test
 * that locks, signs out or changes the owner's password would end the shared session: such a test
 * signs in on its own (`signInThroughApi` or the lock screen) instead.
 */
export function startSignedInAsOwner(language: keyof typeof LOCK_SCREEN = "en") {
  test.use({ storageState: OWNER_STORAGE_STATE });
  test.beforeEach(async ({ page }) => {
    const answer = await page.request.put("/api/staff/language", {
      data: { lang: language },
      headers: { origin: E2E_BASE_URL },
    });
    expect(answer.status(), "the stored owner session is still signed in").toBe(200);
  });
}

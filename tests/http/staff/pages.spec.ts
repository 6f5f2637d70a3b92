// The staff pages as the server renders them (issues 41 and 35), for a sales rep, a manager and the owner, in
// Spanish and English: every page the role may open (plus My account, Notifications, a lead page and a stored
// proposal) speaks one language, the account's (a proposal document keeps its own); the shell's navigation
// links exactly the role's tools and marks the page shown; My account is in the header; the tools the
// navigation leaves out refuse the role. What needs a browser (nothing wider than the screen, the menu on a
// phone, a click to the next tool) is in tests/e2e/staff/walk.spec.ts; the screenshots are `npm run walk`.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { staffNavFor } from "@/lib/staff/staff-nav";
import type { StaffRole } from "@/lib/staff/roles";
import { E2E_BASE_URL, E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "../../e2e/support/constants";
import { foreignLanguageTextsInHtml } from "../../e2e/support/language";
import { STAFF_NAV_LABEL } from "../../e2e/support/staff";
import { createWalkLeadAndProposal, inviteWalkTeam } from "../../e2e/support/staff-walk";

type Lang = "en" | "es";

const headers = { origin: E2E_BASE_URL };
let people: Record<StaffRole, { email: string; password: string }>;
let leadId: string;
let proposalId: string;

/** A request context signed in as `email`, its language chosen as a browser's cookie chooses it. */
async function signedIn(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  person: { email: string; password: string },
  lang: Lang,
) {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: {
      cookies: [
        {
          name: "avanza_staff_lang",
          value: lang,
          domain: new URL(E2E_BASE_URL).hostname,
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
  });
  const answer = await api.post("/api/crm/auth", {
    data: { email: person.email, password: person.password },
    headers,
  });
  expect(answer.status(), `${person.email} signs in`).toBe(200);
  return api;
}

test.beforeAll(async ({ playwright }) => {
  const api = await signedIn(
    playwright,
    { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD },
    "en",
  );
  const stamp = Date.now().toString(36);
  const team = await inviteWalkTeam(api, stamp);
  people = team;
  // A questionnaire lead stored in English, with a long e-mail, the rep's, and a Spanish proposal for it.
  ({ leadId, proposalId } = await createWalkLeadAndProposal(api, stamp, {
    ownerId: team.sales.id,
  }));
  await api.dispose();
});

test.afterAll(async ({ playwright }) => {
  // The owner's account language is shared by the run: back to English, as the other specs expect.
  const api = await signedIn(playwright, people.owner, "en");
  await api.dispose();
});

const decode = (text: string) => text.replace(/&amp;/g, "&");

/** The opening tags of `name` elements inside `html`, with their attributes. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, "gi"))].map(
    (match) =>
      Object.fromEntries(
        [...match[1]!.matchAll(/([^\s=/]+)(?:\s*=\s*"([^"]*)")?/g)].map(([, key, value]) => [
          key!.toLowerCase(),
          decode(value ?? ""),
        ]),
      ),
  );
}

/** The inside of the first `name` element whose opening tag holds `marker` (elements of that name not nested). */
function inner(html: string, name: string, marker: string): string | undefined {
  const start = html.search(new RegExp(`<${name}\\b[^>]*${marker}`, "i"));
  if (start === -1) return undefined;
  const end = html.indexOf(`</${name}>`, start);
  return html.slice(start, end === -1 ? undefined : end);
}

for (const role of ["sales", "manager", "owner"] as const) {
  for (const lang of ["es", "en"] as const) {
    test(`as ${role} in ${lang}, every staff page is served in ${lang} only, with the role's navigation, and the pages left out refuse the role`, async ({
      playwright,
    }) => {
      const api = await signedIn(playwright, people[role], lang);
      const tools = staffNavFor(role).map((item) => item.href);
      const pages = [
        ...tools,
        "/crm/account",
        "/crm/notifications",
        `/crm/leads/${leadId}`,
        `/proposal/db/${proposalId}`,
      ];
      for (const path of pages) {
        const where = `${role} ${lang} ${path}`;
        const answer = await api.get(path);
        expect.soft(answer.status(), where).toBe(200);
        const html = await answer.text();
        expect.soft(tags(html, "html")[0]?.lang, where).toBe(lang);
        expect.soft(foreignLanguageTextsInHtml(html, lang), `${where}: other language`).toEqual([]);
        // Exactly the role's tools: none missing, none it may not open; the page shown marked when it is one.
        const nav = inner(html, "nav", `aria-label="${STAFF_NAV_LABEL[lang]}"`);
        expect.soft(nav, `${where}: the shell's navigation`).toBeDefined();
        const links = tags(nav ?? "", "a");
        expect
          .soft(
            links.map((link) => link.href),
            `${where}: navigation`,
          )
          .toEqual(tools);
        const current = links.filter((link) => link["aria-current"] === "page");
        expect
          .soft(
            current.map((link) => link.href),
            `${where}: the page marked`,
          )
          .toEqual(tools.includes(path) ? [path] : []);
        // My account is in the account menu on every page.
        const banner = inner(html, "header", "") ?? "";
        expect
          .soft(
            tags(banner, "a").some((link) => link.href === "/crm/account"),
            `${where}: My account in the header`,
          )
          .toBe(true);
      }

      // The pages the navigation leaves out refuse the role on the server, in the account's language.
      const refused = [
        ...(role !== "owner" ? ["/crm/accounts"] : []),
        ...(role === "sales" ? ["/crm/outbox"] : []),
      ];
      for (const path of refused) {
        const html = await (await api.get(path)).text();
        const main = inner(html, "main", "") ?? "";
        expect(main, `${role} ${path}: refused in the page`).toMatch(/\brole="alert"/);
        expect.soft(tags(html, "html")[0]?.lang, `${role} ${path}`).toBe(lang);
        expect.soft(foreignLanguageTextsInHtml(html, lang), `${role} ${path}`).toEqual([]);
      }
      await api.dispose();
    });
  }
}

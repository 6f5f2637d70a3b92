// A staff member's language is one setting of the account (every tool and its e-mails): the header's switch
// stores it (PUT /api/staff/language), and signing in on a browser where a language was chosen carries it in.
import { describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/crm/auth/route";
import { PUT as putLanguage } from "@/app/api/staff/language/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { makeStaffAccount, signInCookie, uniqueAddress } from "../../support/staff";

const langOf = async (id: string) =>
  (await testDb().staffAccount.findUniqueOrThrow({ where: { id }, select: { lang: true } })).lang;

const setLanguage = (cookie: string | undefined, body: unknown) =>
  callRoute(putLanguage, { method: "PUT", path: "/api/staff/language", cookie, body });

describe("PUT /api/staff/language", () => {
  it("stores the account's language and keeps it in the browser's cookie for the lock screen", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    expect(await langOf(account.id)).toBe("es");
    const cookie = await signInCookie(account);

    const result = await setLanguage(cookie, { lang: "en" });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ lang: "en" });
    expect(result.setCookie).toMatch(/avanza_staff_lang=en/);
    expect(await langOf(account.id)).toBe("en");

    expect((await setLanguage(cookie, { lang: "es" })).status).toBe(200);
    expect(await langOf(account.id)).toBe("es");
  });

  it("answers 400 for a language the tools do not speak and 401 signed out, changing nothing", async () => {
    const account = await makeStaffAccount();
    const cookie = await signInCookie(account);
    const wrong = await setLanguage(cookie, { lang: "fr" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe("validation");
    expect((await setLanguage(undefined, { lang: "en" })).status).toBe(401);
    expect(await langOf(account.id)).toBe("es");
  });
});

describe("signing in", () => {
  const signInWith = (account: { email: string; password: string }, cookie?: string) =>
    callRoute(signIn, {
      method: "POST",
      path: "/api/crm/auth",
      body: { email: account.email, password: account.password },
      cookie,
      headers: { "x-forwarded-for": uniqueAddress() },
    });

  it("makes the language chosen on this browser the account's; a browser that never chose leaves it", async () => {
    const account = await makeStaffAccount({ role: "manager" });
    expect((await signInWith(account, "avanza_staff_lang=en")).status).toBe(200);
    expect(await langOf(account.id)).toBe("en");

    expect((await signInWith(account)).status).toBe(200);
    expect(await langOf(account.id)).toBe("en");

    expect((await signInWith(account, "avanza_staff_lang=klingon")).status).toBe(200);
    expect(await langOf(account.id)).toBe("en");
  });
});

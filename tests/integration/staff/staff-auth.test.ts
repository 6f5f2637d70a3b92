// Staff sign-in (docs/product.md#lock-screen): named accounts, one 401 for every wrong answer, two-factor,
// and throttling that holds under parallel guesses because it is counted in PostgreSQL before the check.
import { generate } from "otplib";
import { beforeEach, describe, expect, it } from "vitest";
import { DELETE as lock, POST as signIn } from "@/app/api/crm/auth/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { GET as pipeline } from "@/app/api/crm/pipeline/route";
import { PATCH as patchAccount } from "@/app/api/staff/accounts/[id]/route";
import { PUT as putSettings } from "@/app/api/staff/settings/route";
import { GET as me } from "@/app/api/staff/me/route";
import { POST as startTwoFactor, PUT as confirmTwoFactor } from "@/app/api/staff/two-factor/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import {
  cookiePair,
  makeStaffAccount,
  signInCookie,
  staffCookie,
  TEST_STAFF_PASSWORD,
  uniqueAddress,
  type TestAccount,
} from "../../support/staff";

const attempt = (body: Record<string, unknown>, address = uniqueAddress()) =>
  callRoute(signIn, {
    method: "POST",
    path: "/api/crm/auth",
    body,
    headers: { "x-forwarded-for": address },
  });

const asAccount = (account: TestAccount, extra: Record<string, unknown> = {}, address?: string) =>
  attempt({ email: account.email, password: account.password, ...extra }, address);

const ONE_MESSAGE = "Wrong e-mail, password or code.";

beforeEach(async () => {
  await testDb().rateLimitCounter.deleteMany();
});

describe("signing in with a staff account", () => {
  it("opens a session for the right e-mail and password; /api/staff/me names the account", async () => {
    const account = await makeStaffAccount({ role: "manager", name: "Mara Manager" });
    const result = await asAccount(account);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ ok: true });
    const [session, device] = result.setCookies;
    expect(session).toMatch(/^avanza_staff=.*HttpOnly/i);
    expect(session).not.toMatch(/Max-Age|Expires/i);
    // The browser is known to this account from now on: a long-lived, HttpOnly device cookie.
    expect(device).toMatch(/^avanza_staff_device=.*HttpOnly/i);
    expect(Number(device!.match(/Max-Age=(\d+)/i)![1])).toBeGreaterThanOrEqual(90 * 24 * 60 * 60);
    const who = await callRoute(me, {
      path: "/api/staff/me",
      cookie: cookiePair(result.setCookie),
    });
    expect(who.status).toBe(200);
    expect(who.json).toEqual({
      id: account.id,
      name: "Mara Manager",
      email: account.email,
      role: "manager",
      must_enrol_two_factor: false,
    });
    const row = await testDb().staffAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(row.lastSignInAt).not.toBeNull();
  });

  it("accepts the e-mail in any case", async () => {
    const account = await makeStaffAccount();
    expect((await asAccount({ ...account, email: account.email.toUpperCase() })).status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail with the same 401 and message", async () => {
    const account = await makeStaffAccount();
    const wrongPassword = await asAccount({ ...account, password: "not-the-password" });
    const unknownEmail = await attempt({
      email: "nobody@staff.test",
      password: TEST_STAFF_PASSWORD,
    });
    for (const result of [wrongPassword, unknownEmail]) {
      expect(result.status).toBe(401);
      expect(result.json).toMatchObject({
        ok: false,
        detail: ONE_MESSAGE,
        error: { code: "unauthenticated", message: ONE_MESSAGE },
      });
      expect(result.setCookie).toBeNull();
    }
  });

  it("answers missing fields and malformed bodies with 4xx, never 500", async () => {
    expect((await attempt({ email: "", password: "" })).status).toBe(400);
    expect((await attempt({ password: TEST_STAFF_PASSWORD })).status).toBe(400);
    expect((await attempt({ email: "a@b.c", password: 42 })).status).toBe(400);
    expect((await attempt({ email: "a@b.c", password: "x", role: "owner" })).status).toBe(400);
    expect((await attempt({ email: "a@b.c", password: "x", code: "1".repeat(41) })).status).toBe(
      400,
    );
    const notJson = await callRoute(signIn, {
      method: "POST",
      path: "/api/crm/auth",
      rawBody: "email=a&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
  });

  it("refuses a sign-in posted from another site", async () => {
    const account = await makeStaffAccount();
    const result = await callRoute(signIn, {
      method: "POST",
      path: "/api/crm/auth",
      body: { email: account.email, password: account.password },
      isCrossSite: true,
    });
    expect(result.status).toBe(403);
  });

  it("gives each sign-in a new session; Lock revokes it on the server and never stores the token", async () => {
    const account = await makeStaffAccount();
    const first = await signInCookie(account);
    const second = await signInCookie(account);
    expect(first).not.toBe(second);
    expect(await testDb().staffSession.count({ where: { token: first.split("=")[1]! } })).toBe(0);
    const locked = await callRoute(lock, {
      method: "DELETE",
      path: "/api/crm/auth",
      cookie: first,
    });
    expect(locked.status).toBe(200);
    expect(locked.setCookie).toMatch(/Max-Age=0/);
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: first })).status).toBe(
      401,
    );
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: second })).status).toBe(
      200,
    );
  });

  it("ends a session after the idle timeout and after 12 hours regardless", async () => {
    const account = await makeStaffAccount();
    const idle = await signInCookie(account);
    const old = await signInCookie(account);
    const [oldRow, idleRow] = await testDb().staffSession.findMany({
      where: { userId: account.id },
      orderBy: { createdAt: "desc" },
    });
    // Better Auth's idle end slides with use: 30 minutes unused leaves it in the past.
    await testDb().staffSession.update({
      where: { id: idleRow!.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    // Used a minute ago, but opened 12 hours ago.
    await testDb().staffSession.update({
      where: { id: oldRow!.id },
      data: { createdAt: new Date(Date.now() - 12 * 60 * 60 * 1000 - 1000) },
    });
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: idle })).status).toBe(401);
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: old })).status).toBe(401);
  });

  it("keeps only an HMAC of the session token: the table alone signs no one in", async () => {
    const account = await makeStaffAccount();
    const cookie = await signInCookie(account);
    const token = decodeURIComponent(cookie.split("=")[1]!);
    expect(token.length).toBeGreaterThan(20);
    const rows = await testDb().staffSession.findMany({ where: { userId: account.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).not.toContain(token);
    expect(rows[0]!.token).toMatch(/^[0-9a-f]{64}$/);
    // The stored value used as a cookie opens nothing.
    const forged = `${cookie.split("=")[0]}=${rows[0]!.token}`;
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: forged })).status).toBe(
      401,
    );
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie })).status).toBe(200);
  });
});

/** Enrols an account in two-factor through the API, as the account menu does; returns its secret and backup codes. */
async function enrol(account: TestAccount) {
  const cookie = await signInCookie(account);
  const started = await callRoute(startTwoFactor, {
    method: "POST",
    path: "/api/staff/two-factor",
    cookie,
  });
  expect(started.status).toBe(200);
  expect(started.json.qr_svg).toMatch(/^<svg/);
  expect(started.json.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
  const secret: string = started.json.secret;
  const wrong = await callRoute(confirmTwoFactor, {
    method: "PUT",
    path: "/api/staff/two-factor",
    cookie,
    body: { code: "000000" === (await generate({ secret })) ? "111111" : "000000" },
  });
  expect(wrong.status).toBe(400);
  const confirmed = await callRoute(confirmTwoFactor, {
    method: "PUT",
    path: "/api/staff/two-factor",
    cookie,
    body: { code: await generate({ secret }) },
  });
  expect(confirmed.status).toBe(200);
  const backupCodes: string[] = confirmed.json.backup_codes;
  expect(backupCodes).toHaveLength(10);
  return { secret, backupCodes };
}

describe("two-factor", () => {
  it("asks for the code with 428, refuses a wrong one with the same 401, and accepts the right one once", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    const { secret } = await enrol(account);
    // Enrolment used the current step; wait for the authenticator's next code, as a person would.
    await testDb().staffAccount.update({ where: { id: account.id }, data: { totpLastStep: 0 } });

    const noCode = await asAccount(account);
    expect(noCode.status).toBe(428);
    expect(noCode.json.error.code).toBe("code_required");
    expect(noCode.setCookie).toBeNull();

    const code = await generate({ secret });
    const wrongCode = await asAccount(account, { code: code === "123456" ? "654321" : "123456" });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json.error.message).toBe(ONE_MESSAGE);

    const right = await asAccount(account, { code });
    expect(right.status).toBe(200);
    // The same code again (someone who watched it typed) is refused.
    expect((await asAccount(account, { code })).status).toBe(401);
    // A right code with a wrong password is still a wrong password.
    expect((await asAccount({ ...account, password: "not-it-at-all" }, { code })).status).toBe(401);
  });

  it("keeps the secret and backup codes encrypted in Better Auth's table, never as typed", async () => {
    const account = await makeStaffAccount();
    const { secret, backupCodes } = await enrol(account);
    const row = await testDb().staffTwoFactor.findFirstOrThrow({ where: { userId: account.id } });
    expect(row.verified).toBe(true);
    expect(row.secret).not.toContain(secret);
    for (const code of backupCodes) expect(row.backupCodes).not.toContain(code);
  });

  it("takes each backup code once", async () => {
    const account = await makeStaffAccount();
    const { backupCodes } = await enrol(account);
    const code = backupCodes[0]!;
    expect((await asAccount(account, { code: code.toUpperCase() })).status).toBe(200);
    const reused = await asAccount(account, { code });
    expect(reused.status).toBe(401);
    expect((await asAccount(account, { code: backupCodes[1]! })).status).toBe(200);
  });

  it("an owner's reset removes two-factor and its backup codes, and is an audit event", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    const { backupCodes } = await enrol(account);
    const owner = await staffCookie({ role: "owner" });
    const reset = await callRoute(patchAccount, {
      method: "PATCH",
      path: `/api/staff/accounts/${account.id}`,
      params: { id: account.id },
      cookie: owner,
      body: { reset_two_factor: true },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.account.has_two_factor).toBe(false);
    expect((await asAccount(account)).status).toBe(200);
    expect((await asAccount(account, { code: backupCodes[2]! })).status).toBe(200); // code ignored: no 2FA
    expect(await testDb().staffTwoFactor.count({ where: { userId: account.id } })).toBe(0);
    expect(
      await testDb().staffAuditEvent.count({
        where: { accountId: account.id, type: "two_factor_reset" },
      }),
    ).toBe(1);
  });
});

describe("when the owner requires two-factor", () => {
  it("an account without it can sign in and enrol, and nothing else until it has", async () => {
    const ownerAccount = await makeStaffAccount({ role: "owner" });
    const owner = await signInCookie(ownerAccount);
    const setRequired = (value: boolean) =>
      callRoute(putSettings, {
        method: "PUT",
        path: "/api/staff/settings",
        cookie: owner,
        body: { require_two_factor: value },
      });
    // Not before the owner's own two-factor is on: they would lock themselves out.
    expect((await setRequired(true)).status).toBe(409);
    await enrol(ownerAccount);
    expect((await setRequired(true)).status).toBe(200);
    try {
      const account = await makeStaffAccount({ role: "sales" });
      const cookie = await signInCookie(account);
      const blocked = await callRoute(pipeline, { path: "/api/crm/pipeline", cookie });
      expect(blocked.status).toBe(403);
      const who = await callRoute(me, { path: "/api/staff/me", cookie });
      expect(who.json.must_enrol_two_factor).toBe(true);
      await enrol(account);
      expect((await callRoute(pipeline, { path: "/api/crm/pipeline", cookie })).status).toBe(200);
    } finally {
      await setRequired(false);
    }
  });
});

describe("throttling", () => {
  const failures = (id: string) =>
    testDb()
      .staffAccount.findUniqueOrThrow({ where: { id }, select: { failedSignIns: true } })
      .then((row) => row.failedSignIns);

  it("after 5 failures an account must wait, longer each time; the right password too", async () => {
    const account = await makeStaffAccount();
    const wrong = { ...account, password: "wrong-password" };
    for (let i = 0; i < 5; i++) expect((await asAccount(wrong)).status).toBe(401);
    const waiting = await asAccount(account);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(25);
    expect(Number(waiting.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    expect(waiting.setCookie).toBeNull();

    // 31 seconds later one more guess is allowed; after it fails the wait doubles.
    const pushBack = (seconds: number) =>
      testDb().staffAccount.update({
        where: { id: account.id },
        data: { lastFailedAt: new Date(Date.now() - seconds * 1000) },
      });
    await pushBack(31);
    expect((await asAccount(wrong)).status).toBe(401);
    const longer = await asAccount(account);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(55);
    await pushBack(61);
    expect((await asAccount(account)).status).toBe(200);
    expect(await failures(account.id)).toBe(0);
  });

  it("locks an account after 10 failures until an owner unlocks it (an audit event)", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    const wrong = { ...account, password: "wrong-password" };
    for (let i = 0; i < 10; i++) {
      await testDb().staffAccount.update({
        where: { id: account.id },
        data: { lastFailedAt: new Date(Date.now() - 16 * 60 * 1000 + i * 1000) },
      });
      expect((await asAccount(wrong)).status).toBe(401);
    }
    const row = await testDb().staffAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    const locked = await asAccount(account);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(3500);

    const owner = await staffCookie({ role: "owner" });
    const unlocked = await callRoute(patchAccount, {
      method: "PATCH",
      path: `/api/staff/accounts/${account.id}`,
      params: { id: account.id },
      cookie: owner,
      body: { unlock: true },
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.account.is_locked).toBe(false);
    expect((await asAccount(account)).status).toBe(200);
    expect(
      await testDb().staffAuditEvent.count({ where: { accountId: account.id, type: "unlock" } }),
    ).toBe(1);
  });

  it("lifts the lock by itself after an hour", async () => {
    const account = await makeStaffAccount();
    await testDb().staffAccount.update({
      where: { id: account.id },
      data: {
        failedSignIns: 10,
        lastFailedAt: new Date(Date.now() - 61 * 60 * 1000),
        lockedUntil: new Date(Date.now() - 60 * 1000),
      },
    });
    expect((await asAccount(account)).status).toBe(200);
  });

  it("lets exactly 5 of 100 parallel guesses reach the password check", async () => {
    const account = await makeStaffAccount();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        asAccount({ ...account, password: `guess-number-${i}` }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    expect(await failures(account.id)).toBe(5);
  });

  it("caps failures per client address across accounts, and another address is not affected", async () => {
    const address = uniqueAddress();
    const accounts = await Promise.all(Array.from({ length: 5 }, () => makeStaffAccount()));
    for (let i = 0; i < 20; i++)
      expect(
        (await asAccount({ ...accounts[i % 5]!, password: "wrong-password" }, {}, address)).status,
      ).toBe(401);
    const fresh = await makeStaffAccount();
    const refused = await asAccount(fresh, {}, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await asAccount(fresh, {}, uniqueAddress())).status).toBe(200);
  });
});

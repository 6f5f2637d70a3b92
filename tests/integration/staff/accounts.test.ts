// The accounts page's API (owner only): invite with a single-use 7-day link, change role, deactivate
// (ends every session at once), unlock, reset two-factor, password links; each an audit event.
import { describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/crm/auth/route";
import { GET as pipeline } from "@/app/api/crm/pipeline/route";
import { PATCH as patchAccount } from "@/app/api/staff/accounts/[id]/route";
import { GET as listAccounts, POST as invite } from "@/app/api/staff/accounts/route";
import { GET as me } from "@/app/api/staff/me/route";
import { POST as setPassword } from "@/app/api/staff/password/route";
import { POST as forgot } from "@/app/api/staff/password-reset/route";
import { GET as getSettings, PUT as putSettings } from "@/app/api/staff/settings/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { makeStaffAccount, signInCookie, staffCookie, uniqueAddress } from "../../support/staff";

const inviteAs = (cookie: string, body: Record<string, unknown>) =>
  callRoute(invite, { method: "POST", path: "/api/staff/accounts", cookie, body });

const patchAs = (cookie: string, id: string, body: Record<string, unknown>) =>
  callRoute(patchAccount, {
    method: "PATCH",
    path: `/api/staff/accounts/${id}`,
    params: { id },
    cookie,
    body,
  });

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

const usePassword = (token: string, password: string) =>
  callRoute(setPassword, {
    method: "POST",
    path: "/api/staff/password",
    body: { token, password },
    headers: { "x-forwarded-for": uniqueAddress() },
  });

const signInStatus = async (email: string, password: string) =>
  (
    await callRoute(signIn, {
      method: "POST",
      path: "/api/crm/auth",
      body: { email, password },
      headers: { "x-forwarded-for": uniqueAddress() },
    })
  ).status;

describe("inviting", () => {
  it("creates a pending account and answers 201 with a single-use link when SMTP is off", async () => {
    const owner = await staffCookie({ role: "owner" });
    const email = `New.Person.${Date.now()}@Staff.Test`;
    const result = await inviteAs(owner, { email, name: "New Person", role: "sales" });
    expect(result.status).toBe(201);
    expect(result.json.email_sent).toBe(false);
    expect(result.json.invite_url).toMatch(/\/crm\/password\?token=[\w-]{40,}$/);
    expect(result.json.account).toMatchObject({
      email: email.toLowerCase(),
      role: "sales",
      active: true,
      is_pending: true,
      has_two_factor: false,
    });
    // Nobody can sign in to a pending account.
    expect(await signInStatus(email, "anything-at-all")).toBe(401);

    const token = tokenOf(result.json.invite_url);
    expect((await usePassword(token, "short")).status).toBe(400);
    expect((await usePassword(token, "my-own-password")).status).toBe(200);
    expect(await signInStatus(email, "my-own-password")).toBe(200);
    // The link works once.
    const reused = await usePassword(token, "another-password");
    expect(reused.status).toBe(410);
    expect(await signInStatus(email, "another-password")).toBe(401);

    const audit = await testDb().staffAuditEvent.findMany({
      where: { accountId: result.json.account.id },
      orderBy: { createdAt: "asc" },
      select: { type: true },
    });
    expect(audit.map((event) => event.type)).toEqual(["invite", "invite_accepted"]);
  });

  it("refuses an expired link, and an e-mail that exists in another case", async () => {
    const owner = await staffCookie();
    const email = `expiring.${Date.now()}@staff.test`;
    const result = await inviteAs(owner, { email, name: "Late Comer", role: "manager" });
    await testDb().staffToken.updateMany({
      where: { accountId: result.json.account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await usePassword(tokenOf(result.json.invite_url), "a-new-password")).status).toBe(410);
    const duplicate = await inviteAs(owner, {
      email: email.toUpperCase(),
      name: "Again",
      role: "sales",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error.fields.email).toBeDefined();
  });

  it("refuses a role that does not exist, and half-written input, storing nothing", async () => {
    const owner = await staffCookie();
    const before = await testDb().staffAccount.count();
    for (const body of [
      { email: "x@staff.test", name: "X", role: "admin" },
      { email: "not-an-email", name: "X", role: "sales" },
      { email: "x@staff.test", name: "", role: "sales" },
      { email: "x@staff.test", name: "X" },
    ])
      expect((await inviteAs(owner, body)).status).toBe(400);
    expect(await testDb().staffAccount.count()).toBe(before);
  });
});

describe("roles", () => {
  it("gives 403 to managers and sales on every owner route", async () => {
    const target = await makeStaffAccount({ role: "sales" });
    for (const role of ["manager", "sales"] as const) {
      const cookie = await staffCookie({ role });
      expect((await callRoute(listAccounts, { path: "/api/staff/accounts", cookie })).status).toBe(
        403,
      );
      expect(
        (await inviteAs(cookie, { email: "a@staff.test", name: "A", role: "owner" })).status,
      ).toBe(403);
      expect((await patchAs(cookie, target.id, { role: "owner" })).status).toBe(403);
      expect((await callRoute(getSettings, { path: "/api/staff/settings", cookie })).status).toBe(
        403,
      );
      // Every role reads who it is.
      expect((await callRoute(me, { path: "/api/staff/me", cookie })).json.role).toBe(role);
    }
    expect((await testDb().staffAccount.findUniqueOrThrow({ where: { id: target.id } })).role).toBe(
      "sales",
    );
  });

  it("lets the owner change a role (an audit event), refusing an unknown one", async () => {
    const owner = await staffCookie();
    const target = await makeStaffAccount({ role: "sales" });
    const changed = await patchAs(owner, target.id, { role: "manager" });
    expect(changed.status).toBe(200);
    expect(changed.json.account.role).toBe("manager");
    expect((await patchAs(owner, target.id, { role: "superuser" })).status).toBe(400);
    expect((await patchAs(owner, target.id, {})).status).toBe(400);
    const event = await testDb().staffAuditEvent.findFirstOrThrow({
      where: { accountId: target.id, type: "role_change" },
    });
    expect(event.detail).toEqual({ from: "sales", to: "manager" });
  });

  it("keeps at least one active owner", async () => {
    await testDb().staffAccount.updateMany({ where: { role: "owner" }, data: { active: false } });
    const only = await makeStaffAccount({ role: "owner" });
    const cookie = await signInCookie(only);
    expect((await patchAs(cookie, only.id, { role: "sales" })).status).toBe(409);
    expect((await patchAs(cookie, only.id, { active: false })).status).toBe(409);
  });
});

describe("deactivating", () => {
  it("ends every session of the account at once; its old cookie gets 401 and it cannot sign in", async () => {
    const owner = await staffCookie();
    const sales = await makeStaffAccount({ role: "sales" });
    const tabs = [await signInCookie(sales), await signInCookie(sales)];
    for (const cookie of tabs)
      expect((await callRoute(pipeline, { path: "/api/crm/pipeline", cookie })).status).toBe(200);
    expect((await patchAs(owner, sales.id, { active: false })).status).toBe(200);
    for (const cookie of tabs)
      expect((await callRoute(pipeline, { path: "/api/crm/pipeline", cookie })).status).toBe(401);
    expect(await signInStatus(sales.email, sales.password)).toBe(401);
    expect(await testDb().staffSession.count({ where: { userId: sales.id } })).toBe(0);
    // Reactivated, the old cookies stay dead; a new sign-in works.
    expect((await patchAs(owner, sales.id, { active: true })).status).toBe(200);
    expect(
      (await callRoute(pipeline, { path: "/api/crm/pipeline", cookie: tabs[0]! })).status,
    ).toBe(401);
    expect(await signInStatus(sales.email, sales.password)).toBe(200);
    const types = await testDb().staffAuditEvent.findMany({
      where: { accountId: sales.id },
      select: { type: true },
      orderBy: { createdAt: "asc" },
    });
    expect(types.map((event) => event.type)).toEqual(["deactivate", "reactivate"]);
  });
});

describe("passwords without e-mail", () => {
  it("forgot password says e-mail is not set up; the owner issues a 30-minute single-use link instead", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    const asked = await callRoute(forgot, {
      method: "POST",
      path: "/api/staff/password-reset",
      body: { email: account.email },
    });
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ ok: true, email_configured: false });

    const owner = await staffCookie();
    const reset = await patchAs(owner, account.id, { reset_password: true });
    expect(reset.status).toBe(200);
    const token = tokenOf(reset.json.reset_url);
    const row = await testDb().staffToken.findFirstOrThrow({
      where: { accountId: account.id, kind: "reset" },
    });
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
    const oldSession = await signInCookie(account);
    expect((await usePassword(token, "brand-new-password")).status).toBe(200);
    // A new password ends the sessions opened with the old one.
    expect(
      (await callRoute(pipeline, { path: "/api/crm/pipeline", cookie: oldSession })).status,
    ).toBe(401);
    expect(await signInStatus(account.email, "brand-new-password")).toBe(200);
    expect((await usePassword(token, "third-password-here")).status).toBe(410);
  });
});

describe("requiring two-factor", () => {
  it("is an owner's setting, refused until the owner's own two-factor is on, and audited", async () => {
    const owner = await staffCookie();
    const put = (value: boolean) =>
      callRoute(putSettings, {
        method: "PUT",
        path: "/api/staff/settings",
        cookie: owner,
        body: { require_two_factor: value },
      });
    const refused = await put(true);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("Set up your own two-factor sign-in first.");
    expect((await put(false)).status).toBe(200);
    const read = await callRoute(getSettings, { path: "/api/staff/settings", cookie: owner });
    expect(read.json).toMatchObject({ require_two_factor: false });
    expect(
      await testDb().staffAuditEvent.count({ where: { type: "require_two_factor" } }),
    ).toBeGreaterThanOrEqual(1);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { DELETE as lock, POST as unlock } from "@/app/api/crm/auth/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { cookiePair, TEST_STAFF_PASSWORD, uniqueAddress } from "../../support/staff";

const unlockAs = (password: string, address: string, name?: string) =>
  callRoute(unlock, {
    method: "POST",
    path: "/api/crm/auth",
    body: { password, ...(name ? { name } : {}) },
    headers: { "x-forwarded-for": address },
  });

describe("staff unlock", () => {
  beforeEach(async () => {
    await testDb().rateLimitHit.deleteMany();
  });

  it("opens a session cookie for the right password", async () => {
    const result = await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress());
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ ok: true });
    const cookie = result.setCookie!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const leads = await callRoute(listLeads, {
      path: "/api/crm/leads",
      cookie: cookiePair(cookie),
    });
    expect(leads.status).toBe(200);
  });

  it("answers a wrong password with 401 and the detail the lock screen shows", async () => {
    const result = await unlockAs("not-the-password", uniqueAddress());
    expect(result.status).toBe(401);
    expect(result.json).toMatchObject({
      ok: false,
      detail: "Incorrect password",
      error: { code: "unauthenticated" },
    });
    expect(result.setCookie).toBeNull();
  });

  it("answers an empty password with 400 'Enter password'", async () => {
    const result = await unlockAs("   ", uniqueAddress());
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ ok: false, detail: "Enter password" });
  });

  it("answers malformed bodies with 4xx, never 500", async () => {
    const address = uniqueAddress();
    const badJson = await callRoute(unlock, {
      method: "POST",
      path: "/api/crm/auth",
      rawBody: "{nope",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
    });
    expect(badJson.status).toBe(400);
    const wrongType = await callRoute(unlock, {
      method: "POST",
      path: "/api/crm/auth",
      body: { password: 42 },
      headers: { "x-forwarded-for": address },
    });
    expect(wrongType.status).toBe(400);
    const unknownField = await callRoute(unlock, {
      method: "POST",
      path: "/api/crm/auth",
      body: { password: "x", admin: true },
      headers: { "x-forwarded-for": address },
    });
    expect(unknownField.status).toBe(400);
    const notJson = await callRoute(unlock, {
      method: "POST",
      path: "/api/crm/auth",
      rawBody: "password=x",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    });
    expect(notJson.status).toBe(415);
  });

  it("refuses an unlock posted from another site", async () => {
    const result = await callRoute(unlock, {
      method: "POST",
      path: "/api/crm/auth",
      body: { password: TEST_STAFF_PASSWORD },
      isCrossSite: true,
    });
    expect(result.status).toBe(403);
  });

  it("throttles an address after 5 failures, even for the right password, with Retry-After", async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await unlockAs("wrong", address)).status).toBe(401);
    const throttled = await unlockAs(TEST_STAFF_PASSWORD, address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(Number(throttled.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(throttled.setCookie).toBeNull();
    // Another address is not affected.
    expect((await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress())).status).toBe(200);
  });

  it("keeps the throttle in PostgreSQL, where every app instance sees it", async () => {
    const address = uniqueAddress();
    await unlockAs("wrong", address);
    expect(
      await testDb().rateLimitHit.count({
        where: { bucket: "staff_unlock_failure", key: address },
      }),
    ).toBe(1);
    expect(
      await testDb().rateLimitHit.count({ where: { bucket: "staff_unlock_failure", key: "*" } }),
    ).toBe(1);
  });

  it("gives each unlock a new session, and locking revokes it on the server", async () => {
    const first = cookiePair(
      (await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress(), "Lucía")).setCookie,
    );
    const second = cookiePair((await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress())).setCookie);
    expect(first).not.toBe(second);
    expect(first.split("=")[1]!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url

    const locked = await callRoute(lock, {
      method: "DELETE",
      path: "/api/crm/auth",
      cookie: first,
    });
    expect(locked.status).toBe(200);
    expect(locked.setCookie).toMatch(/Max-Age=0/);
    // A copy of the old cookie no longer works; the other session still does.
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: first })).status).toBe(
      401,
    );
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: second })).status).toBe(
      200,
    );
  });

  it("never stores the session token itself", async () => {
    const token = cookiePair(
      (await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress())).setCookie,
    ).split("=")[1]!;
    expect(await testDb().staffSession.count({ where: { id: token } })).toBe(0);
  });

  it("ends a session after the idle timeout and after 12 hours regardless", async () => {
    const idle = cookiePair((await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress())).setCookie);
    const old = cookiePair((await unlockAs(TEST_STAFF_PASSWORD, uniqueAddress())).setCookie);
    const sessions = await testDb().staffSession.findMany({
      orderBy: { createdAt: "desc" },
      take: 2,
    });
    const [oldRow, idleRow] = sessions;
    await testDb().staffSession.update({
      where: { id: idleRow!.id },
      data: { lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) },
    });
    await testDb().staffSession.update({
      where: { id: oldRow!.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: idle })).status).toBe(401);
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: old })).status).toBe(401);
  });
});

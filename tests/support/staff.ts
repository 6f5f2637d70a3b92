import { randomInt } from "node:crypto";

export const TEST_STAFF_PASSWORD = "integration-staff-password";

/** A client address no other test uses, so per-address throttles never leak between tests. */
export function uniqueAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** "name=value" from a Set-Cookie header, ready for a Cookie header. */
export function cookiePair(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0]!;
}

/**
 * A signed-in staff session's "name=value" cookie, from the real sign-in route. Every integration test that
 * needs staff access goes through here, so how staff sign in is written once.
 */
export async function staffCookie(options: { name?: string } = {}): Promise<string> {
  const { POST: signIn } = await import("@/app/api/crm/auth/route");
  const { callRoute } = await import("./http");
  const result = await callRoute(signIn, {
    method: "POST",
    path: "/api/crm/auth",
    body: { password: TEST_STAFF_PASSWORD, ...(options.name ? { name: options.name } : {}) },
    headers: { "x-forwarded-for": uniqueAddress() },
  });
  if (result.status !== 200)
    throw new Error(`staff sign-in failed: ${result.status} ${result.text}`);
  return cookiePair(result.setCookie);
}

/**
 * A session cookie for a named account (any role), opened the way the app opens one. Role tests use this
 * until every sign-in goes through named accounts; the account comes from `makeStaffAccount`.
 */
export async function staffCookieFor(account: {
  id: string;
  name: string;
  email: string;
  role: "owner" | "manager" | "sales";
}): Promise<string> {
  const { startStaffSession } = await import("@/lib/staff/session.service");
  const { staffCookieName } = await import("@/lib/staff/session-cookie");
  const { token } = await startStaffSession(null, new Date(), {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
  });
  return `${staffCookieName()}=${token}`;
}

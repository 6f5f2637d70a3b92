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

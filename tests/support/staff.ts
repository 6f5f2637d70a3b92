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

import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/lib/env";

/*
 * Device cookies against lockout abuse (docs/product.md#lock-screen): a browser that has signed in to an
 * account carries a signed entry naming that account, and its sign-ins to that account skip the limits
 * that strangers' failures fill (the account's lock, the address's and the global budget). Nothing is
 * stored per device: the signature proves the entry was issued here, and the failures of one device are
 * counted under its own id in the shared limiter.
 */

/** How long a browser stays known without signing in again; each sign-in renews it. */
export const DEVICE_VALID_DAYS = 180;
/** Accounts one browser remembers (a shared office computer), most recent first. */
const MAX_ENTRIES = 5;
const ENTRY_SEPARATOR = "~";

const isProduction = () => process.env.NODE_ENV === "production";

export function deviceCookieName(): string {
  return isProduction() ? "__Host-avanza_staff_device" : "avanza_staff_device";
}

/** Long-lived, HttpOnly, and sent only by the app's own pages (the lock screen posts same-origin). */
export function deviceCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: isProduction(),
    path: "/",
    maxAge: DEVICE_VALID_DAYS * 24 * 60 * 60,
  };
}

export interface KnownDevice {
  accountId: string;
  deviceId: string;
  issuedAt: number;
}

const signatureOf = (payload: string) =>
  createHmac("sha256", serverEnv().SESSION_SECRET)
    .update(`staff-device|${payload}`)
    .digest("base64url");

function readEntry(entry: string, now: Date): KnownDevice | null {
  const parts = entry.split(".");
  if (parts.length !== 4) return null;
  const [accountId, deviceId, issued, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(signatureOf(`${accountId}.${deviceId}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number.parseInt(issued, 36) * 1000;
  if (!Number.isFinite(issuedAt)) return null;
  const age = now.getTime() - issuedAt;
  if (age < -60_000 || age > DEVICE_VALID_DAYS * 24 * 60 * 60 * 1000) return null;
  return { accountId, deviceId, issuedAt };
}

/** The valid entries of a device cookie; forged, tampered or expired ones are ignored. */
export function readDeviceCookie(value: string | undefined, now = new Date()): KnownDevice[] {
  if (!value || value.length > 2048) return [];
  return value
    .split(ENTRY_SEPARATOR)
    .slice(0, MAX_ENTRIES)
    .map((entry) => readEntry(entry, now))
    .filter((device): device is KnownDevice => device !== null);
}

/**
 * The cookie after a sign-in to `accountId`: that account's entry first (its device id kept, so its
 * failure count follows it, and its date renewed), then the browser's other valid entries.
 */
export function deviceCookieAfterSignIn(
  current: KnownDevice[],
  accountId: string,
  now = new Date(),
): string {
  const deviceId =
    current.find((device) => device.accountId === accountId)?.deviceId ??
    randomBytes(16).toString("base64url");
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  const payload = `${accountId}.${deviceId}.${issued}`;
  const others = current
    .filter((device) => device.accountId !== accountId)
    .map((device) => {
      const otherPayload = `${device.accountId}.${device.deviceId}.${Math.floor(device.issuedAt / 1000).toString(36)}`;
      return `${otherPayload}.${signatureOf(otherPayload)}`;
    });
  return [`${payload}.${signatureOf(payload)}`, ...others]
    .slice(0, MAX_ENTRIES)
    .join(ENTRY_SEPARATOR);
}

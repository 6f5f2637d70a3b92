import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { serverEnv } from "@/lib/env";
import type { StaffRole } from "./roles";
import {
  deleteSessionsExpiredBefore,
  findSession,
  insertSession,
  revokeSession,
  touchSession,
  updateAccountLang,
} from "./session.repo";

export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Writing last-seen on every request would make every read a write; a minute's precision is plenty. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The named account behind a session (docs/product.md#staff-accounts). */
export interface StaffAccountRef {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

export interface StaffSession {
  /** The account's name, recorded as the actor of what it changes. */
  actorName: string;
  /** The signed-in account: every session has one. */
  account: StaffAccountRef;
  expiresAt: Date;
  /** The owner requires two-factor and this account has none yet: only enrolment is open to it. */
  mustEnrolTwoFactor: boolean;
  /** The staff UI language last recorded for the account; unknown on a session just started. */
  lang?: "es" | "en";
}

/** The database keeps only an HMAC of the token, keyed with SESSION_SECRET: a leaked table cannot log anyone in. */
function sessionIdOf(token: string): string {
  return createHmac("sha256", serverEnv().SESSION_SECRET).update(token).digest("hex");
}

const idleTimeoutMs = () => serverEnv().STAFF_SESSION_IDLE_MINUTES * 60 * 1000;

/** Starts a session for an account with a fresh 256-bit token; returns the token for the cookie. */
export async function startStaffSession(
  account: StaffAccountRef,
  now = new Date(),
): Promise<{ token: string; session: StaffSession }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await insertSession({
    id: sessionIdOf(token),
    actorName: account.name,
    accountId: account.id,
    expiresAt,
  });
  void deleteSessionsExpiredBefore(now).catch(() => undefined);
  return {
    token,
    session: { actorName: account.name, account, expiresAt, mustEnrolTwoFactor: false },
  };
}

/** The live session behind a cookie token, sliding its idle timeout; null when missing, revoked, idle or expired. */
export async function resolveStaffSession(
  token: string | undefined,
  now = new Date(),
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const id = sessionIdOf(token);
  const row = await findSession(id);
  if (!row || row.revokedAt) return null;
  // A deactivated account's sessions end at once, on every instance: the check reads the account row.
  // A session with no account (left from the shared password) opens nothing.
  if (!row.accountId || !row.accountActive) return null;
  if (row.expiresAt <= now) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > idleTimeoutMs()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(id, now);
  if (!row.accountName || !row.accountEmail || !row.accountRole) return null;
  const account = {
    id: row.accountId,
    name: row.accountName,
    email: row.accountEmail,
    role: row.accountRole,
  };
  return {
    actorName: account.name,
    account,
    expiresAt: row.expiresAt,
    mustEnrolTwoFactor: row.isTwoFactorRequired && !row.hasTwoFactor,
    lang: row.accountLang === "en" ? "en" : "es",
  };
}

/** Keeps the account's language in step with the staff UI it uses (alerts and digests are written in it). */
export async function recordStaffLang(session: StaffSession, lang: "es" | "en"): Promise<void> {
  if (session.lang !== lang) await updateAccountLang(session.account.id, lang);
}

/** Ends the session on the server, so a copied cookie stops working too. */
export async function endStaffSession(token: string | undefined, now = new Date()): Promise<void> {
  if (!token || token.length > 200) return;
  await revokeSession(sessionIdOf(token), now);
}

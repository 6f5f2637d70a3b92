import "server-only";
import { makeSignature } from "better-auth/crypto";
import { staffAuth } from "./auth";
import type { StaffRole } from "./roles";
import { findRequireTwoFactor } from "./account.repo";
import { updateAccountLang } from "./session.repo";

export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

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

/**
 * Our cookie holds Better Auth's session token; its own calls read it from its signed cookie, so the
 * request to it carries that cookie, signed as it would sign it.
 */
async function authHeadersFor(token: string): Promise<Headers> {
  const auth = staffAuth();
  const context = await auth.$context;
  const signed = `${token}.${await makeSignature(token, context.secret)}`;
  return new Headers({
    cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`,
  });
}

/** Starts a session for an account (Better Auth's row, its token hashed at rest); returns the token for the cookie. */
export async function startStaffSession(
  account: StaffAccountRef,
  now = new Date(),
): Promise<{ token: string; session: StaffSession }> {
  const context = await staffAuth().$context;
  const created = await context.internalAdapter.createSession(account.id);
  return {
    token: created.token,
    session: {
      actorName: account.name,
      account,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      mustEnrolTwoFactor: false,
    },
  };
}

const isRole = (value: unknown): value is StaffRole =>
  value === "owner" || value === "manager" || value === "sales";

/**
 * The live session behind a cookie token; null when missing, revoked, idle or past its absolute end.
 * Better Auth finds the row and its account and slides the idle end (expiresIn, at most once a minute);
 * the 12-hour absolute limit and the deactivation check are ours.
 */
export async function resolveStaffSession(
  token: string | undefined,
  now = new Date(),
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const [found, isTwoFactorRequired] = await Promise.all([
    staffAuth().api.getSession({ headers: await authHeadersFor(token) }),
    findRequireTwoFactor(),
  ]);
  if (!found) return null;
  const { session, user } = found;
  const absoluteEnd = new Date(session.createdAt.getTime() + SESSION_ABSOLUTE_MS);
  if (absoluteEnd <= now) return null;
  // A deactivated account's sessions are deleted at once; the flags are checked too, on every instance.
  if (user.active === false || user.banned) return null;
  if (!isRole(user.role)) return null;
  const account = { id: user.id, name: user.name, email: user.email, role: user.role };
  return {
    actorName: account.name,
    account,
    expiresAt: absoluteEnd,
    mustEnrolTwoFactor: isTwoFactorRequired && !user.twoFactorEnabled,
    lang: user.lang === "en" ? "en" : "es",
  };
}

/** Keeps the account's language in step with the staff UI it uses (alerts and digests are written in it). */
export async function recordStaffLang(session: StaffSession, lang: "es" | "en"): Promise<void> {
  if (session.lang !== lang) await updateAccountLang(session.account.id, lang);
}

/** Ends the session on the server (Better Auth deletes its row), so a copied cookie stops working too. */
export async function endStaffSession(token: string | undefined): Promise<void> {
  if (!token || token.length > 200) return;
  const context = await staffAuth().$context;
  await context.internalAdapter.deleteSession(token);
}

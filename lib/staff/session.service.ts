import "server-only";
import { sessionTokenDigest, staffAuth, staffSessionTiming } from "./auth";
import type { StaffRole } from "./roles";
import { extendSession, findLiveSession, updateAccountLang } from "./session.repo";

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
  /** The zone the account keeps its meeting hours in (its availability); unset until it saves them. */
  timeZone?: string;
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

/**
 * The live session behind a cookie token; null when missing, revoked, idle or past its absolute end.
 * It reads Better Auth's rows itself, in one statement (session, account and the owner's two-factor
 * setting): its `getSession` costs two Prisma reads plus its endpoint pipeline on every staff request,
 * which bench/crm-search.ts showed well past the bar. Its sliding rule is kept: the idle end moves
 * on by `expiresIn` once `updateAge` has passed since it last moved. The 12-hour absolute limit and the
 * deactivation check are ours.
 */
export async function resolveStaffSession(
  token: string | undefined,
  now = new Date(),
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const row = await findLiveSession(sessionTokenDigest(token));
  if (!row || row.expiresAt <= now) return null;
  const absoluteEnd = new Date(row.createdAt.getTime() + SESSION_ABSOLUTE_MS);
  if (absoluteEnd <= now) return null;
  // A deactivated account's sessions are deleted at once; the flags are checked too, on every instance.
  if (!row.accountActive || row.accountBanned) return null;
  const { expiresInSeconds, updateAgeSeconds } = staffSessionTiming();
  if (row.expiresAt.getTime() - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= now.getTime())
    await extendSession(row.id, new Date(now.getTime() + expiresInSeconds * 1000), now);
  const account = {
    id: row.accountId,
    name: row.accountName,
    email: row.accountEmail,
    role: row.accountRole,
  };
  return {
    actorName: account.name,
    account,
    expiresAt: absoluteEnd,
    mustEnrolTwoFactor: row.isTwoFactorRequired && !row.hasTwoFactor,
    lang: row.accountLang === "en" ? "en" : "es",
    timeZone: row.accountTimeZone ?? undefined,
  };
}

/** The account's one language setting: every staff tool and its e-mails (alerts, digest, resets) use it. */
export async function setStaffLang(accountId: string, lang: "es" | "en"): Promise<void> {
  await updateAccountLang(accountId, lang);
}

/**
 * Signing in on a browser where a language was chosen (the lock screen showed it) makes it the account's
 * setting; a browser that never chose leaves the setting as it is.
 */
export async function carryBrowserLangIntoAccount(
  token: string,
  lang: "es" | "en" | undefined,
): Promise<void> {
  if (!lang) return;
  const session = await resolveStaffSession(token);
  if (session && session.lang !== lang) await updateAccountLang(session.account.id, lang);
}

/** Ends the session on the server (Better Auth deletes its row), so a copied cookie stops working too. */
export async function endStaffSession(token: string | undefined): Promise<void> {
  if (!token || token.length > 200) return;
  const context = await staffAuth().$context;
  await context.internalAdapter.deleteSession(token);
}

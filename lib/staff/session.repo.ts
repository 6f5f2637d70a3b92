import "server-only";
import { db, preparedQuery, sqlQuery } from "@/lib/db";
import type { StaffRole } from "./roles";

export interface SessionRow {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  accountId: string;
  accountName: string;
  accountEmail: string;
  accountRole: StaffRole;
  accountActive: boolean;
  accountBanned: boolean;
  accountLang: string;
  /** The zone the account's meeting hours are kept in; null until it saves its hours. */
  accountTimeZone: string | null;
  /** Whether the account has two-factor on, and whether the owner requires it of everyone. */
  hasTwoFactor: boolean;
  isTwoFactorRequired: boolean;
}

/**
 * Runs on every staff request, so it is one plain indexed read of Better Auth's session row (by the
 * token's HMAC) with its account, prepared once per connection (see sqlQuery and preparedQuery in lib/db.ts).
 */
export async function findLiveSession(tokenDigest: string): Promise<SessionRow | null> {
  const { rows } = await preparedQuery<SessionRow>(
    "staff_find_live_session",
    `SELECT s.id, s.created_at AS "createdAt", s.expires_at AS "expiresAt",
            a.id AS "accountId", a.name AS "accountName", a.email AS "accountEmail", a.role AS "accountRole",
            a.active AS "accountActive", a.banned AS "accountBanned", a.lang AS "accountLang",
            a.two_factor_enabled AS "hasTwoFactor",
            (SELECT v.time_zone FROM staff_availability v WHERE v.account_id = a.id) AS "accountTimeZone",
            coalesce((SELECT require_two_factor FROM staff_settings WHERE id = 1), false) AS "isTwoFactorRequired"
       FROM staff_sessions s JOIN staff_accounts a ON a.id = s.account_id
      WHERE s.token = $1`,
    [tokenDigest],
  );
  return rows[0] ?? null;
}

/** Better Auth's sliding idle end: moved on at most once per `updateAge`. */
export async function extendSession(id: string, expiresAt: Date, now: Date) {
  await sqlQuery(`UPDATE staff_sessions SET expires_at = $2, updated_at = $3 WHERE id = $1`, [
    id,
    expiresAt,
    now,
  ]);
}

/** Records the staff UI language an account uses, when it changed (its e-mails follow it). */
export function updateAccountLang(accountId: string, lang: string) {
  return db.staffAccount.updateMany({
    where: { id: accountId, NOT: { lang } },
    data: { lang },
  });
}

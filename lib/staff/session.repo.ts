import "server-only";
import { db, sqlQuery } from "@/lib/db";
import type { StaffRole } from "./roles";

const sessionFields = {
  id: true,
  actorName: true,
  createdAt: true,
  lastSeenAt: true,
  expiresAt: true,
  revokedAt: true,
} as const;

export function insertSession(data: {
  id: string;
  actorName: string | null;
  accountId?: string | null;
  expiresAt: Date;
}) {
  return db.staffSession.create({ data, select: sessionFields });
}

export interface SessionRow {
  id: string;
  actorName: string | null;
  /** The signed-in account, when the session has one (LEFT JOIN). */
  accountId: string | null;
  accountName: string | null;
  accountEmail: string | null;
  accountRole: StaffRole | null;
  accountActive: boolean | null;
  accountLang: string | null;
  /** Whether the account has two-factor on, and whether the owner requires it of everyone. */
  hasTwoFactor: boolean;
  isTwoFactorRequired: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Runs on every staff request, so it is one plain indexed read (see sqlQuery in lib/db.ts). */
export async function findSession(id: string): Promise<SessionRow | null> {
  const { rows } = await sqlQuery<SessionRow>(
    `SELECT s.id, s.actor_name AS "actorName", s.created_at AS "createdAt", s.last_seen_at AS "lastSeenAt",
            s.expires_at AS "expiresAt", s.revoked_at AS "revokedAt",
            a.id AS "accountId", a.name AS "accountName", a.email AS "accountEmail", a.role AS "accountRole",
            a.active AS "accountActive", a.lang AS "accountLang", a.totp_enabled_at IS NOT NULL AS "hasTwoFactor",
            coalesce((SELECT require_two_factor FROM staff_settings WHERE id = 1), false) AS "isTwoFactorRequired"
       FROM staff_sessions s LEFT JOIN staff_accounts a ON a.id = s.account_id
      WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export function touchSession(id: string, lastSeenAt: Date) {
  return db.staffSession.update({ where: { id }, data: { lastSeenAt }, select: { id: true } });
}

/** Records the staff UI language an account uses, when it changed (its e-mails follow it). */
export function updateAccountLang(accountId: string, lang: string) {
  return db.staffAccount.updateMany({
    where: { id: accountId, NOT: { lang } },
    data: { lang },
  });
}

export function revokeSession(id: string, revokedAt: Date) {
  return db.staffSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt } });
}

/** Sessions past their absolute end can never be used again. */
export function deleteSessionsExpiredBefore(before: Date) {
  return db.staffSession.deleteMany({ where: { expiresAt: { lt: before } } });
}

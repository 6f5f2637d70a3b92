import "server-only";
import { randomUUID } from "node:crypto";
import { db, inTransaction, runSql, sql, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StaffRole } from "./roles";

/** What the sign-in needs of an account, as counted by recordSignInAttempt. */
export interface SignInRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

/** The account's count as it was before recordSignInAttempt, to put back an attempt that did not count. */
export interface CountedSignIn extends SignInRow {
  previous: { failures: number; lastFailedAt: Date | null; lockedUntil: Date | null };
}

/** Failures older than this are forgotten; it is also how long a lock lasts. */
export const FAILURE_MEMORY = "1 hour";

/**
 * Counts one sign-in attempt against the account BEFORE its password is checked, in ONE statement:
 * parallel attempts queue on the row lock and each sees the count the previous one left, so a burst
 * cannot slip past the delay or the lock. Refused (no row) when the account is locked, or has 5 or more
 * recent failures and its growing delay (30 s, doubling, at most 15 min) has not passed since the last.
 * The 10th failure locks it for an hour.
 */
export async function recordSignInAttempt(email: string, now: Date): Promise<CountedSignIn | null> {
  const { rows } = await runSql(
    sql<
      SignInRow & { failures: number; lastFailedAt: Date | null; lockedUntil: Date | null }
    >`WITH fresh AS (
       SELECT id, CASE WHEN last_failed_at IS NULL OR last_failed_at <= ${now}::timestamptz - ${FAILURE_MEMORY}::interval
                       THEN 0 ELSE failed_sign_ins END AS failures, last_failed_at, locked_until
         FROM staff_accounts WHERE email = ${email} AND active FOR UPDATE
     )
     UPDATE staff_accounts a
        SET failed_sign_ins = fresh.failures + 1,
            last_failed_at = ${now},
            locked_until = CASE WHEN fresh.failures + 1 >= 10 THEN ${now}::timestamptz + ${FAILURE_MEMORY}::interval
                                ELSE NULL END
       FROM fresh
      WHERE a.id = fresh.id
        AND (a.locked_until IS NULL OR a.locked_until <= ${now})
        AND (fresh.failures < 5
             OR fresh.last_failed_at + make_interval(secs => LEAST(900, 30 * power(2, fresh.failures - 5))) <= ${now})
      RETURNING a.id, a.name, a.email, a.role, fresh.failures, fresh.last_failed_at AS "lastFailedAt",
                fresh.locked_until AS "lockedUntil"`,
  );
  const row = rows[0];
  if (!row) return null;
  const { failures, lastFailedAt, lockedUntil, ...account } = row;
  return { ...account, previous: { failures, lastFailedAt, lockedUntil } };
}

/**
 * Puts back an attempt counted by recordSignInAttempt that never reached the password check (the global
 * budget refused it): exactly as it was when no other attempt has been counted since, else one fewer.
 */
export async function restoreSignInAttempt(account: CountedSignIn, now: Date) {
  const { failures, lastFailedAt, lockedUntil } = account.previous;
  // Every SET expression reads the row as it was, so the test for "still ours" is the same in each.
  const isStillOurs = sql`failed_sign_ins = ${failures}::int + 1 AND last_failed_at = ${now}::timestamptz`;
  await runSql(
    sql`UPDATE staff_accounts SET
       failed_sign_ins = CASE WHEN ${isStillOurs} THEN ${failures}::int ELSE GREATEST(failed_sign_ins - 1, 0) END,
       last_failed_at = CASE WHEN ${isStillOurs} THEN ${lastFailedAt}::timestamptz ELSE last_failed_at END,
       locked_until = CASE WHEN ${isStillOurs} THEN ${lockedUntil}::timestamptz ELSE locked_until END
     WHERE id = ${account.id}`,
  );
}

/** The id of the active account with this (normalised) e-mail, for matching a device cookie. */
export async function findActiveAccountId(email: string): Promise<string | null> {
  const { rows } = await runSql(
    sql<{ id: string }>`SELECT id FROM staff_accounts WHERE email = ${email} AND active`,
  );
  return rows[0]?.id ?? null;
}

/** A sign-in from a known browser: the account's count of strangers' failures is left as it is. */
export async function recordKnownDeviceSignIn(id: string, now: Date) {
  await runSql(sql`UPDATE staff_accounts SET last_sign_in_at = ${now} WHERE id = ${id}`);
}

/** When a refused attempt may be tried again: the lock's end or the delay's; null when nothing applies. */
export async function findSignInWait(email: string, now: Date): Promise<Date | null> {
  const { rows } = await runSql(
    sql<{ until: Date | null }>`SELECT CASE
              WHEN locked_until > ${now} THEN locked_until
              WHEN failed_sign_ins >= 5 AND last_failed_at > ${now}::timestamptz - ${FAILURE_MEMORY}::interval
                THEN last_failed_at + make_interval(secs => LEAST(900, 30 * power(2, failed_sign_ins - 5)))
            END AS until
       FROM staff_accounts WHERE email = ${email} AND active`,
  );
  const until = rows[0]?.until;
  return until && new Date(until) > now ? new Date(until) : null;
}

/** The attempt was not a failure after all (the password was right but a code is still needed). */
export async function giveBackSignInAttempt(id: string) {
  await runSql(
    sql`UPDATE staff_accounts SET failed_sign_ins = GREATEST(failed_sign_ins - 1, 0) WHERE id = ${id}`,
  );
}

export async function recordSignInSuccess(id: string, now: Date) {
  await runSql(
    sql`UPDATE staff_accounts SET failed_sign_ins = 0, last_failed_at = NULL, locked_until = NULL,
            last_sign_in_at = ${now} WHERE id = ${id}`,
  );
}

/** Accepts a TOTP time step once: false when this step (or a later one) was already used. */
export async function claimTotpStep(id: string, step: number): Promise<boolean> {
  const { rowCount } = await runSql(
    sql`UPDATE staff_accounts SET totp_last_step = ${step}
      WHERE id = ${id} AND (totp_last_step IS NULL OR totp_last_step < ${step})`,
  );
  return rowCount === 1;
}

const accountFields = {
  id: true,
  name: true,
  email: true,
  role: true,
  active: true,
  createdAt: true,
  lastSignInAt: true,
  lockedUntil: true,
  twoFactorEnabled: true,
  lang: true,
  _count: { select: { credentials: true } },
} as const;

export type AccountRow = Prisma.StaffAccountGetPayload<{ select: typeof accountFields }>;

export function listAccountRows() {
  return db.staffAccount.findMany({ select: accountFields, orderBy: [{ name: "asc" }] });
}

export function findAccountRow(id: string) {
  return db.staffAccount.findUnique({ where: { id }, select: accountFields });
}

export function findAccountRowByEmail(email: string) {
  return db.staffAccount.findUnique({ where: { email }, select: accountFields });
}

export function countActiveOwners() {
  return db.staffAccount.count({ where: { role: "owner", active: true } });
}

/**
 * Applies an owner's change and its audit event together. Ending sessions deletes Better Auth's rows
 * (its revocation), so every instance refuses the old cookie at once; a two-factor reset removes the
 * plugin's secret and backup codes.
 */
export async function updateAccountWithAudit(input: {
  id: string;
  data: Prisma.StaffAccountUpdateInput;
  revokeSessions?: boolean;
  /** Spends every open invite or reset link, so none works again (after a reactivation either). */
  revokeLinks?: boolean;
  deleteTwoFactor?: boolean;
  audit: { actorId: string | null; type: string; detail?: Prisma.InputJsonValue }[];
}) {
  return db.$transaction(async (tx) => {
    const account = await tx.staffAccount.update({
      where: { id: input.id },
      data: input.data,
      select: accountFields,
    });
    if (input.revokeSessions) await tx.staffSession.deleteMany({ where: { userId: input.id } });
    if (input.revokeLinks)
      await tx.staffToken.updateMany({
        where: { accountId: input.id, usedAt: null },
        data: { usedAt: new Date() },
      });
    if (input.deleteTwoFactor) await tx.staffTwoFactor.deleteMany({ where: { userId: input.id } });
    if (input.audit.length > 0)
      await tx.staffAuditEvent.createMany({
        data: input.audit.map((event) => ({ ...event, accountId: input.id })),
      });
    return account;
  });
}

export function insertAuditEvent(data: {
  actorId: string | null;
  accountId: string | null;
  type: string;
  detail?: Prisma.InputJsonValue;
}) {
  return db.staffAuditEvent.create({ data, select: { id: true } });
}

export function listAuditEvents(limit: number) {
  return db.staffAuditEvent.findMany({
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      type: true,
      detail: true,
      createdAt: true,
      actor: { select: { name: true } },
      account: { select: { name: true, email: true } },
    },
  });
}

/** Creates an invited account (no password yet) with its single-use link, in one transaction. */
export function insertInvitedAccount(
  input: {
    account: { name: string; email: string; role: StaffRole; lang: string };
    tokenId: string;
    expiresAt: Date;
    actorId: string | null;
  },
  client: DbClient = db,
) {
  return inTransaction(async (tx) => {
    const account = await tx.staffAccount.create({
      data: input.account,
      select: accountFields,
    });
    await tx.staffToken.create({
      data: {
        id: input.tokenId,
        accountId: account.id,
        kind: "invite",
        expiresAt: input.expiresAt,
      },
    });
    await tx.staffAuditEvent.create({
      data: {
        actorId: input.actorId,
        accountId: account.id,
        type: "invite",
        detail: { role: input.account.role },
      },
    });
    return account;
  }, client);
}

export function insertToken(
  data: { id: string; accountId: string; kind: "invite" | "reset"; expiresAt: Date },
  client: DbClient = db,
) {
  return client.staffToken.create({ data, select: { id: true } });
}

/** insertToken for a job that may run twice: the second run leaves the first link as it is. */
export function insertTokenOnce(data: {
  id: string;
  accountId: string;
  kind: "reset";
  expiresAt: Date;
}) {
  return db.staffToken.createMany({ data: [data], skipDuplicates: true });
}

/**
 * Whether a link can still be spent: unknown, used, expired or of a deactivated account is false. A cheap
 * read before the password is hashed, so a wrong link costs no hashing; the spend below checks again.
 */
export async function isTokenUsable(tokenId: string, now: Date): Promise<boolean> {
  const { rows } = await runSql(
    sql<{
      ok: number;
    }>`SELECT 1 AS ok FROM staff_tokens t JOIN staff_accounts a ON a.id = t.account_id
      WHERE t.id = ${tokenId} AND t.used_at IS NULL AND t.expires_at > ${now} AND a.active`,
  );
  return rows.length > 0;
}

/**
 * Spends a single-use link and sets the password in one transaction: the conditional UPDATE lets exactly one
 * of two parallel uses through. Null when the link is unknown, used, expired or its account deactivated.
 */
export async function spendTokenAndSetPassword(input: {
  tokenId: string;
  passwordHash: string;
  now: Date;
}): Promise<{ accountId: string; kind: string } | null> {
  // The credential row is Better Auth's `account` model; it is written here, in the link's transaction.
  return db.$transaction(async (tx) => {
    const spent = await tx.$queryRaw<{ account_id: string; kind: string }[]>`
      UPDATE staff_tokens t SET used_at = ${input.now}
        FROM staff_accounts a
       WHERE t.id = ${input.tokenId} AND t.used_at IS NULL AND t.expires_at > ${input.now}
         AND a.id = t.account_id AND a.active
      RETURNING t.account_id, t.kind`;
    const row = spent[0];
    if (!row) return null;
    await tx.staffAccount.update({
      where: { id: row.account_id },
      data: { failedSignIns: 0, lockedUntil: null },
    });
    const updated = await tx.staffCredential.updateMany({
      where: { userId: row.account_id, providerId: "credential" },
      data: { password: input.passwordHash, updatedAt: input.now },
    });
    if (updated.count === 0)
      await tx.staffCredential.create({
        data: {
          id: randomUUID(),
          userId: row.account_id,
          providerId: "credential",
          providerAccountId: row.account_id,
          password: input.passwordHash,
        },
      });
    // A new password ends every session opened with the old one, and any other open link.
    await tx.staffSession.deleteMany({ where: { userId: row.account_id } });
    await tx.staffToken.updateMany({
      where: { accountId: row.account_id, usedAt: null },
      data: { usedAt: input.now },
    });
    await tx.staffAuditEvent.create({
      data: {
        actorId: row.account_id,
        accountId: row.account_id,
        type: row.kind === "invite" ? "invite_accepted" : "password_reset",
      },
    });
    return { accountId: row.account_id, kind: row.kind };
  });
}

export function findTwoFactorState(id: string) {
  return db.staffAccount.findUnique({
    where: { id },
    select: {
      twoFactorEnabled: true,
      email: true,
      twoFactors: { select: { id: true, secret: true, verified: true } },
    },
  });
}

/** Step 1 of enrolment: the plugin's row (secret and backup codes, encrypted), not in force until confirmed. */
export function savePendingTwoFactor(input: { id: string; secret: string; backupCodes: string }) {
  return db.$transaction([
    db.staffTwoFactor.deleteMany({ where: { userId: input.id } }),
    db.staffTwoFactor.create({
      data: {
        id: randomUUID(),
        userId: input.id,
        secret: input.secret,
        backupCodes: input.backupCodes,
        verified: false,
      },
      select: { id: true },
    }),
    db.staffAccount.update({
      where: { id: input.id },
      data: { totpLastStep: null },
      select: { id: true },
    }),
  ]);
}

/** Turns two-factor on (the code's step counts as used), and records it. */
export function enableTwoFactor(input: { id: string; step: number }) {
  return db.$transaction([
    db.staffAccount.update({
      where: { id: input.id },
      data: { twoFactorEnabled: true, totpLastStep: input.step },
      select: { id: true },
    }),
    db.staffTwoFactor.updateMany({ where: { userId: input.id }, data: { verified: true } }),
    db.staffAuditEvent.create({
      data: { actorId: input.id, accountId: input.id, type: "two_factor_enabled" },
    }),
  ]);
}

/** The plugin's encrypted TOTP secret of an account with two-factor on. */
export async function findTotpSecret(id: string): Promise<string | null> {
  const { rows } = await runSql(
    sql<{
      secret: string;
    }>`SELECT t.secret FROM staff_two_factors t JOIN staff_accounts a ON a.id = t.account_id
      WHERE t.account_id = ${id} AND a.two_factor_enabled AND t.verified LIMIT 1`,
  );
  return rows[0]?.secret ?? null;
}

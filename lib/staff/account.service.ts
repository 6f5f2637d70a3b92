import "server-only";
import { inTransaction } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { AppError } from "@/lib/http/app-error";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import {
  countActiveOwners,
  findAccountRow,
  findAccountRowByEmail,
  findRequireTwoFactor,
  findTwoFactorState,
  insertAuditEvent,
  insertInvitedAccount,
  insertToken,
  listAccountRows,
  listAuditEvents,
  saveRequireTwoFactor,
  spendTokenAndSetPassword,
  updateAccountWithAudit,
  type AccountRow,
} from "./account.repo";
import { staffAuth } from "./auth";
import { newLinkToken, normaliseEmail, sha256 } from "./secrets";
import type { StaffAccountRef } from "./session.service";
import type {
  StaffAccountDto,
  TInviteAccount,
  TSetPassword,
  TUpdateAccount,
} from "./staff-auth.schema";
import { buildInviteMail, buildResetMail, passwordLinkOf } from "./staff-mail-content";
import { canSendStaffMail, queueStaffMail } from "./staff-mail";

export const INVITE_VALID_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_VALID_MS = 30 * 60 * 1000;

function toDto(row: AccountRow, now = new Date()): StaffAccountDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    is_pending: row._count.credentials === 0,
    is_locked: Boolean(row.lockedUntil && row.lockedUntil > now),
    has_two_factor: row.twoFactorEnabled,
  };
}

export async function listAccounts(): Promise<StaffAccountDto[]> {
  return (await listAccountRows()).map((row) => toDto(row));
}

export async function listAccountAudit(limit = 50) {
  return (await listAuditEvents(limit)).map((event) => ({
    id: String(event.id),
    type: event.type,
    detail: event.detail,
    created_at: event.createdAt.toISOString(),
    actor: event.actor?.name ?? null,
    account: event.account ? `${event.account.name} <${event.account.email}>` : null,
  }));
}

/**
 * Invites someone: an account with no password yet and a single-use link, valid 7 days, that sets it.
 * With SMTP configured the link is queued as an e-mail (in the inviting owner's staff language; the
 * outbox shows its delivery); otherwise it is returned for the owner to hand over.
 */
export async function inviteAccount(
  input: TInviteAccount,
  actor: StaffAccountRef,
  now = new Date(),
  lang: "es" | "en" = "es",
): Promise<{
  account: StaffAccountDto;
  invite_url: string | null;
  email_sent: boolean;
  message_id: string | null;
}> {
  const token = newLinkToken();
  const email = normaliseEmail(input.email);
  let row: AccountRow;
  let messageId: string | null;
  try {
    // The account, its link and the e-mail carrying it commit together.
    ({ row, messageId } = await inTransaction(async (tx) => {
      const row = await insertInvitedAccount(
        {
          // Their first e-mail is in the inviting owner's language; the staff pages they use update it.
          account: { name: input.name, email, role: input.role, lang },
          tokenId: sha256(token),
          expiresAt: new Date(now.getTime() + INVITE_VALID_MS),
          actorId: actor.id,
        },
        tx,
      );
      const messageId = canSendStaffMail()
        ? await queueStaffMail(
            buildInviteMail({ to: email, name: input.name, token, lang }),
            "staff_invite",
            tx,
          )
        : null;
      return { row, messageId };
    }));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", "An account with this e-mail already exists.", {
        fields: { email: ["An account with this e-mail already exists."] },
      });
    throw error;
  }
  return {
    account: toDto(row, now),
    invite_url: messageId ? null : passwordLinkOf(token),
    email_sent: messageId !== null,
    message_id: messageId,
  };
}

/** An owner's change to an account; each part is an audit event. Returns a reset link when one was asked for. */
export async function updateAccount(
  id: string,
  input: TUpdateAccount,
  actor: StaffAccountRef,
  now = new Date(),
): Promise<{ account: StaffAccountDto; reset_url?: string }> {
  const current = await findAccountRow(id);
  if (!current) throw new AppError("not_found", "No such account.");
  const isLosingOwner =
    current.role === "owner" &&
    current.active &&
    ((input.role && input.role !== "owner") || input.active === false);
  if (isLosingOwner && (await countActiveOwners()) <= 1)
    throw new AppError("conflict", "Keep at least one active owner.");

  const audit: { actorId: string; type: string; detail?: { from: string; to: string } }[] = [];
  const data: Parameters<typeof updateAccountWithAudit>[0]["data"] = {};
  if (input.role && input.role !== current.role) {
    data.role = input.role;
    audit.push({
      actorId: actor.id,
      type: "role_change",
      detail: { from: current.role, to: input.role },
    });
  }
  if (input.active !== undefined && input.active !== current.active) {
    // Deactivation is the admin plugin's ban: Better Auth refuses the account's sign-in and its sessions go.
    Object.assign(data, { active: input.active, banned: !input.active });
    audit.push({ actorId: actor.id, type: input.active ? "reactivate" : "deactivate" });
  }
  if (input.unlock) {
    Object.assign(data, { failedSignIns: 0, lockedUntil: null, lastFailedAt: null });
    audit.push({ actorId: actor.id, type: "unlock" });
  }
  if (input.reset_two_factor) {
    Object.assign(data, { twoFactorEnabled: false, totpLastStep: null });
    audit.push({ actorId: actor.id, type: "two_factor_reset" });
  }
  const row = await updateAccountWithAudit({
    id,
    data,
    revokeSessions: input.active === false || input.reset_two_factor === true,
    deleteTwoFactor: input.reset_two_factor,
    audit,
  });
  if (!input.reset_password) return { account: toDto(row, now) };
  const token = newLinkToken();
  await insertToken({
    id: sha256(token),
    accountId: id,
    kind: "reset",
    expiresAt: new Date(now.getTime() + RESET_VALID_MS),
  });
  await insertAuditEvent({ actorId: actor.id, accountId: id, type: "password_reset_link" });
  return { account: toDto(row, now), reset_url: passwordLinkOf(token) };
}

/** Sets a password with a single-use invite or reset link; 410 when the link is used, expired or unknown. */
export async function setPasswordWithLink(input: TSetPassword, now = new Date()) {
  const spent = await spendTokenAndSetPassword({
    tokenId: sha256(input.token),
    // Better Auth's configured hasher (argon2id), written with the link in one transaction.
    passwordHash: await (await staffAuth().$context).password.hash(input.password),
    now,
  });
  if (!spent)
    throw new AppError(
      "gone",
      "This link has been used or has expired. Ask the owner for a new one.",
    );
  return { ok: true as const };
}

/**
 * "Forgot password": with SMTP configured, an active account gets a single-use 30-minute link by e-mail.
 * The answer is the same whether or not the e-mail has an account.
 */
export async function requestPasswordReset(email: string, clientAddress: string, now = new Date()) {
  if (!canSendStaffMail()) return { ok: true as const, email_configured: false };
  const limit = await takeLimit(
    { bucket: "staff_password_reset", key: clientAddress, max: 5, windowMs: 15 * 60 * 1000 },
    now,
  );
  if (limit.isLimited)
    throw new AppError("throttled", "Too many requests. Try again later.", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const account = await findAccountRowByEmail(normaliseEmail(email));
  if (account?.active) {
    const token = newLinkToken();
    // The link and the e-mail carrying it commit together.
    await inTransaction(async (tx) => {
      await insertToken(
        {
          id: sha256(token),
          accountId: account.id,
          kind: "reset",
          expiresAt: new Date(now.getTime() + RESET_VALID_MS),
        },
        tx,
      );
      await queueStaffMail(
        buildResetMail({
          to: account.email,
          name: account.name,
          token,
          lang: account.lang === "en" ? "en" : "es",
        }),
        "staff_reset",
        tx,
      );
    });
  }
  return { ok: true as const, email_configured: true };
}

export const isTwoFactorRequired = findRequireTwoFactor;

/** The owner may require two-factor of everyone once their own is on (else they would lock themselves out). */
export async function setTwoFactorRequired(value: boolean, actor: StaffAccountRef) {
  if (value && !(await findTwoFactorState(actor.id))?.twoFactorEnabled)
    throw new AppError("conflict", "Set up your own two-factor sign-in first.");
  await saveRequireTwoFactor(value, actor.id);
  return { require_two_factor: value };
}

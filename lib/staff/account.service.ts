import "server-only";
import { appError } from "@/lib/http/server-message";
import { inTransaction } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import {
  countActiveOwners,
  findAccountRow,
  insertAuditEvent,
  insertInvitedAccount,
  insertToken,
  isTokenUsable,
  listAccountRows,
  listAuditEvents,
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
import { buildInviteMail, passwordLinkOf } from "./staff-mail-content";
import { queueStaffMail } from "./staff-mail";
import { isMailConfigured } from "@/lib/outbox/outbox.service";

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
      const messageId = isMailConfigured()
        ? await queueStaffMail(
            buildInviteMail({ to: email, name: input.name, token, lang }),
            "staff_invite",
            { client: tx },
          )
        : null;
      return { row, messageId };
    }));
  } catch (error) {
    if (isUniqueViolation(error))
      throw appError("conflict", "accountExists", {
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
  if (!current) throw appError("not_found", "noAccount");
  const isLosingOwner =
    current.role === "owner" &&
    current.active &&
    ((input.role && input.role !== "owner") || input.active === false);
  if (isLosingOwner && (await countActiveOwners()) <= 1) throw appError("conflict", "keepOneOwner");

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
    revokeLinks: input.active === false,
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

/** Per real client address: uses of password links (right or wrong) in 15 minutes. */
const LINK_USES_PER_ADDRESS = { bucket: "staff_password_link", max: 20, windowMs: 15 * 60 * 1000 };

const linkGone = () => appError("gone", "linkUsedOrExpired");

/**
 * Sets a password with a single-use invite or reset link; 410 when the link is used, expired or unknown.
 * The address's limit comes first and the link is checked before the password is hashed, so guessing
 * links costs the server one lookup each and stops after a few.
 */
export async function setPasswordWithLink(
  input: TSetPassword,
  clientAddress: string,
  now = new Date(),
) {
  await takeLinkLimit(clientAddress, now);
  const tokenId = sha256(input.token);
  if (!(await isTokenUsable(tokenId, now))) throw linkGone();
  const spent = await spendTokenAndSetPassword({
    tokenId,
    // Better Auth's configured hasher (argon2id), written with the link in one transaction.
    passwordHash: await (await staffAuth().$context).password.hash(input.password),
    now,
  });
  if (!spent) throw linkGone();
  return { ok: true as const };
}

async function takeLinkLimit(clientAddress: string, now: Date) {
  const limit = await takeLimit({ ...LINK_USES_PER_ADDRESS, key: clientAddress }, now);
  if (limit.isLimited)
    throw appError("throttled", "tooManyRequests", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
}

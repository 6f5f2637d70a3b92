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
  actorName: string | null;
  /** The signed-in account; null only for a session opened with the shared password. */
  account: StaffAccountRef | null;
  expiresAt: Date;
}

/** The database keeps only an HMAC of the token, keyed with SESSION_SECRET: a leaked table cannot log anyone in. */
function sessionIdOf(token: string): string {
  return createHmac("sha256", serverEnv().SESSION_SECRET).update(token).digest("hex");
}

const idleTimeoutMs = () => serverEnv().STAFF_SESSION_IDLE_MINUTES * 60 * 1000;

/** Starts a session with a fresh 256-bit token; returns the token for the cookie. */
export async function startStaffSession(
  actorName: string | null,
  now = new Date(),
  account: StaffAccountRef | null = null,
): Promise<{ token: string; session: StaffSession }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const name = account?.name ?? actorName;
  await insertSession({
    id: sessionIdOf(token),
    actorName: name,
    accountId: account?.id ?? null,
    expiresAt,
  });
  void deleteSessionsExpiredBefore(now).catch(() => undefined);
  return { token, session: { actorName: name, account, expiresAt } };
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
  if (row.accountId && !row.accountActive) return null;
  if (row.expiresAt <= now) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > idleTimeoutMs()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(id, now);
  const account =
    row.accountId && row.accountName && row.accountEmail && row.accountRole
      ? { id: row.accountId, name: row.accountName, email: row.accountEmail, role: row.accountRole }
      : null;
  return { actorName: account?.name ?? row.actorName, account, expiresAt: row.expiresAt };
}

/** Ends the session on the server, so a copied cookie stops working too. */
export async function endStaffSession(token: string | undefined, now = new Date()): Promise<void> {
  if (!token || token.length > 200) return;
  await revokeSession(sessionIdOf(token), now);
}

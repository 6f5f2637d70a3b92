import "server-only";
import { db, sqlQuery } from "@/lib/db";

const sessionFields = {
  id: true,
  actorName: true,
  createdAt: true,
  lastSeenAt: true,
  expiresAt: true,
  revokedAt: true,
} as const;

export function insertSession(data: { id: string; actorName: string | null; expiresAt: Date }) {
  return db.staffSession.create({ data, select: sessionFields });
}

export interface SessionRow {
  id: string;
  actorName: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Runs on every staff request, so it is one plain indexed read (see sqlQuery in lib/db.ts). */
export async function findSession(id: string): Promise<SessionRow | null> {
  const { rows } = await sqlQuery<SessionRow>(
    `SELECT id, actor_name AS "actorName", created_at AS "createdAt", last_seen_at AS "lastSeenAt", expires_at AS "expiresAt", revoked_at AS "revokedAt"
       FROM staff_sessions WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export function touchSession(id: string, lastSeenAt: Date) {
  return db.staffSession.update({ where: { id }, data: { lastSeenAt }, select: { id: true } });
}

export function revokeSession(id: string, revokedAt: Date) {
  return db.staffSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt } });
}

/** Sessions past their absolute end can never be used again. */
export function deleteSessionsExpiredBefore(before: Date) {
  return db.staffSession.deleteMany({ where: { expiresAt: { lt: before } } });
}

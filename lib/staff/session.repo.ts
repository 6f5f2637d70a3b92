import "server-only";
import { db } from "@/lib/db";

const sessionFields = { id: true, actorName: true, createdAt: true, lastSeenAt: true, expiresAt: true, revokedAt: true } as const;

export function insertSession(data: { id: string; actorName: string | null; expiresAt: Date }) {
  return db.staffSession.create({ data, select: sessionFields });
}

export function findSession(id: string) {
  return db.staffSession.findUnique({ where: { id }, select: sessionFields });
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

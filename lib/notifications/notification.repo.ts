import "server-only";
import { db, type DbClient } from "@/lib/db";

export interface NewNotification {
  accountId: string;
  kind: string;
  text: string;
  link: string;
  dedupeKey?: string;
}

/** Stores notifications; one whose dedupe key is already stored is skipped (a job that ran twice). */
export function insertNotifications(rows: NewNotification[], client: DbClient = db) {
  if (rows.length === 0) return Promise.resolve({ count: 0 });
  return client.staffNotification.createMany({
    data: rows.map((row) => ({ ...row, dedupeKey: row.dedupeKey ?? null })),
    skipDuplicates: true,
  });
}

export function selectNotifications(accountId: string, onlyUnread: boolean, take: number) {
  return db.staffNotification.findMany({
    where: { accountId, ...(onlyUnread ? { readAt: null } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, kind: true, text: true, link: true, createdAt: true, readAt: true },
  });
}

export function countUnread(accountId: string) {
  return db.staffNotification.count({ where: { accountId, readAt: null } });
}

/** Marks the account's own notifications read (null ids: all of them); others' ids change nothing. */
export async function updateRead(accountId: string, ids: string[] | null): Promise<number> {
  const { count } = await db.staffNotification.updateMany({
    where: { accountId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
  });
  return count;
}

/** Active accounts by id with their language, for writing each one's notification in it. */
export function selectActiveReaders(ids: string[]) {
  return db.staffAccount.findMany({
    where: { id: { in: ids }, active: true },
    select: { id: true, lang: true, name: true, email: true },
  });
}

/** Removes the notifications that open any of `links` (their text names the person). */
export function deleteNotificationsLinkingTo(links: string[], client: DbClient = db) {
  return client.staffNotification.deleteMany({ where: { link: { in: links } } });
}

import "server-only";
import { db } from "@/lib/db";

const directoryFields = { id: true, name: true, role: true } as const;

export function selectActiveAccounts() {
  return db.staffAccount.findMany({
    where: { active: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: directoryFields,
  });
}

export function selectAllAccounts() {
  return db.staffAccount.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { ...directoryFields, active: true },
  });
}

export function selectActiveAccount(id: string) {
  return db.staffAccount.findFirst({ where: { id, active: true }, select: directoryFields });
}

/** The active accounts among `ids`, with where and in which language to write to them. */
export function selectActiveMailboxes(ids: string[]) {
  return db.staffAccount.findMany({
    where: { id: { in: ids }, active: true },
    orderBy: { id: "asc" },
    select: { id: true, email: true, lang: true },
  });
}

/** Every active account of one role, with where and in which language to write to them. */
export function selectActiveMailboxesByRole(role: "owner" | "manager" | "sales") {
  return db.staffAccount.findMany({
    where: { role, active: true },
    orderBy: { id: "asc" },
    select: { id: true, email: true, lang: true },
  });
}

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

export function selectActiveAccount(id: string) {
  return db.staffAccount.findFirst({ where: { id, active: true }, select: directoryFields });
}

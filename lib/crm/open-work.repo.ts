import "server-only";
import { db } from "@/lib/db";
import type { OpenWork } from "./open-work.schema";

/** What each of `accountIds` still has open; accounts with nothing open are left out. */
export async function selectOpenWork(
  accountIds: string[],
): Promise<Map<string, Omit<OpenWork, "meetings">>> {
  const work = new Map<string, Omit<OpenWork, "meetings">>();
  if (accountIds.length === 0) return work;
  const [leads, tasks] = await Promise.all([
    db.lead.groupBy({
      by: ["ownerId"],
      where: { ownerId: { in: accountIds }, stage: { notIn: ["Won", "Lost"] } },
      _count: { _all: true },
    }),
    db.task.groupBy({
      by: ["assigneeId"],
      where: { assigneeId: { in: accountIds }, status: { not: "done" } },
      _count: { _all: true },
    }),
  ]);
  const of = (id: string) => work.get(id) ?? work.set(id, { leads: 0, tasks: 0 }).get(id)!;
  for (const row of leads) if (row.ownerId) of(row.ownerId).leads = row._count._all;
  for (const row of tasks) if (row.assigneeId) of(row.assigneeId).tasks = row._count._all;
  return work;
}

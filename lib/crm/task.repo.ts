import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TaskStatus } from "./crm.schema";
import type { OwnerCondition } from "./lead.repo";

const taskFields = {
  id: true,
  title: true,
  leadId: true,
  status: true,
  dueDate: true,
  createdAt: true,
  updatedAt: true,
  lead: { select: { name: true, email: true } },
  assignee: { select: { id: true, name: true } },
} as const;

/** Newest first, keyset-paged on (created_at, id), for everyone or for one assignee (or nobody). */
export function selectTaskPage(
  assignee: OwnerCondition | undefined,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  const where: Prisma.TaskWhereInput = {};
  if (assignee) where.assigneeId = "accountId" in assignee ? assignee.accountId : null;
  if (after) {
    where.OR = [
      { createdAt: { lt: after.createdAt } },
      { createdAt: after.createdAt, id: { lt: after.id } },
    ];
  }
  return db.task.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: taskFields,
  });
}

export function insertTask(data: {
  title: string;
  leadId: string;
  status: TaskStatus;
  assigneeId: string | null;
  dueDate: Date | null;
}) {
  return db.task.create({ data, select: taskFields });
}

/** Null when there is no such task. */
export async function updateTaskStatus(id: string, status: TaskStatus) {
  const { count } = await db.task.updateMany({ where: { id }, data: { status } });
  return count === 0 ? null : db.task.findUnique({ where: { id }, select: taskFields });
}

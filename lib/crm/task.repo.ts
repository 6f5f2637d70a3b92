import "server-only";
import { db } from "@/lib/db";
import type { TaskStatus } from "./crm.schema";

const taskFields = {
  id: true,
  title: true,
  leadId: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  lead: { select: { name: true, email: true } },
} as const;

export function selectTasks() {
  return db.task.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1000,
    select: taskFields,
  });
}

export function insertTask(data: { title: string; leadId: string; status: TaskStatus }) {
  return db.task.create({ data, select: taskFields });
}

/** Null when there is no such task. */
export async function updateTaskStatus(id: string, status: TaskStatus) {
  const { count } = await db.task.updateMany({ where: { id }, data: { status } });
  return count === 0 ? null : db.task.findUnique({ where: { id }, select: taskFields });
}

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

/** Who made a task change, as the lead's timeline records it. */
export interface TaskActor {
  actor: string | null;
  actorId: string | null;
}

/** Creates the task and notes it in its lead's timeline (`task_created`), atomically. */
export function insertTask(
  data: {
    title: string;
    leadId: string;
    status: TaskStatus;
    assigneeId: string | null;
    dueDate: Date | null;
  },
  activity: TaskActor & { content: (row: { assignee: { name: string } | null }) => string },
) {
  return db.$transaction(async (tx) => {
    const row = await tx.task.create({ data, select: taskFields });
    await tx.activity.create({
      data: {
        leadId: row.leadId,
        type: "task_created",
        content: activity.content(row),
        actor: activity.actor,
        actorId: activity.actorId,
      },
    });
    return row;
  });
}

/**
 * Changes a task's status and, when it did change, notes it in its lead's timeline (`task_status`), atomically.
 * Null when there is no such task.
 */
export function updateTaskStatus(id: string, status: TaskStatus, actor: TaskActor) {
  return db.$transaction(async (tx) => {
    const current = await tx.task.findUnique({
      where: { id },
      select: { status: true, title: true, leadId: true },
    });
    if (!current) return null;
    if (current.status !== status) {
      await tx.task.update({ where: { id }, data: { status } });
      await tx.activity.create({
        data: {
          leadId: current.leadId,
          type: "task_status",
          content: `${current.title}: ${current.status} → ${status}`,
          actor: actor.actor,
          actorId: actor.actorId,
        },
      });
    }
    return tx.task.findUnique({ where: { id }, select: taskFields });
  });
}

/** Open tasks due before `today` (a date), oldest due first. */
export function selectOverdueTasks(today: Date, limit: number) {
  return db.task.findMany({
    where: { status: { not: "done" }, dueDate: { lt: today } },
    orderBy: [{ dueDate: "asc" }, { id: "asc" }],
    take: limit,
    select: taskFields,
  });
}

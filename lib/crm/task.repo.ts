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

/**
 * Newest first, keyset-paged on (created_at, id), for everyone or for one assignee (or nobody); with
 * `visibleTo`, only tasks of that account's leads and unassigned ones.
 */
export function selectTaskPage(
  assignee: OwnerCondition | undefined,
  after: { createdAt: Date; id: string } | null,
  limit: number,
  visibleTo?: string,
) {
  const where: Prisma.TaskWhereInput = {};
  if (assignee && "accountId" in assignee && assignee.orUnassigned)
    where.AND = [{ OR: [{ assigneeId: assignee.accountId }, { assigneeId: null }] }];
  else if (assignee) where.assigneeId = "accountId" in assignee ? assignee.accountId : null;
  if (visibleTo) where.lead = { OR: [{ ownerId: null }, { ownerId: visibleTo }] };
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

const dayOf = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

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
        detail: {
          title: row.title,
          assignee: row.assignee?.name ?? null,
          due_date: dayOf(row.dueDate),
        },
        actor: activity.actor,
        actorId: activity.actorId,
      },
    });
    return row;
  });
}

/** What a task change may set; absent fields stay as they are. */
export interface TaskChange {
  status?: TaskStatus;
  /** null: nobody. */
  assigneeId?: string | null;
  /** null: no due date. */
  dueDate?: Date | null;
}

/**
 * Applies a change to a task and notes each field that really changed in its lead's timeline (`task_status`,
 * `task_assignee`, `task_due`) with who made it, atomically. Null when there is no such task.
 */
export function updateTask(id: string, change: TaskChange, actor: TaskActor) {
  return db.$transaction(async (tx) => {
    // FOR UPDATE: two changes at once each see the other's result, so the timeline's from/to stay a chain.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM tasks WHERE id = ${id}::uuid FOR UPDATE`;
    if (locked.length === 0) return null;
    const current = await tx.task.findUniqueOrThrow({ where: { id }, select: taskFields });
    const entries: { type: string; content: string; detail: Record<string, string | null> }[] = [];
    const data: Prisma.TaskUncheckedUpdateInput = {};
    if (change.status !== undefined && change.status !== current.status) {
      data.status = change.status;
      entries.push({
        type: "task_status",
        content: `${current.title}: ${current.status} → ${change.status}`,
        detail: { title: current.title, from: current.status, to: change.status },
      });
    }
    if (change.assigneeId !== undefined && change.assigneeId !== (current.assignee?.id ?? null)) {
      data.assigneeId = change.assigneeId;
      const to = change.assigneeId
        ? ((
            await tx.staffAccount.findUnique({
              where: { id: change.assigneeId },
              select: { name: true },
            })
          )?.name ?? null)
        : null;
      entries.push({
        type: "task_assignee",
        content: `${current.title}: ${current.assignee?.name ?? "—"} → ${to ?? "—"}`,
        detail: { title: current.title, from: current.assignee?.name ?? null, to },
      });
    }
    if (change.dueDate !== undefined && dayOf(change.dueDate) !== dayOf(current.dueDate)) {
      data.dueDate = change.dueDate;
      const from = dayOf(current.dueDate);
      const to = dayOf(change.dueDate);
      entries.push({
        type: "task_due",
        content: `${current.title}: ${from ?? "—"} → ${to ?? "—"}`,
        detail: { title: current.title, from, to },
      });
    }
    if (entries.length === 0) return current;
    await tx.task.update({ where: { id }, data });
    await tx.activity.createMany({
      data: entries.map((entry) => ({
        leadId: current.leadId,
        ...entry,
        actor: actor.actor,
        actorId: actor.actorId,
      })),
    });
    return tx.task.findUniqueOrThrow({ where: { id }, select: taskFields });
  });
}

/** Open tasks due before `today` (a date), oldest due first. */
/** The lead a task belongs to; null when there is no such task. */
export function selectTaskLeadId(id: string) {
  return db.task.findUnique({ where: { id }, select: { leadId: true } });
}

export function selectOverdueTasks(today: Date, limit: number) {
  return db.task.findMany({
    where: { status: { not: "done" }, dueDate: { lt: today } },
    orderBy: [{ dueDate: "asc" }, { id: "asc" }],
    take: limit,
    select: taskFields,
  });
}

/** Open tasks due on `day` that someone is assigned to (the morning's "due today" notifications). */
export function selectAssignedTasksDueOn(day: Date, limit: number) {
  return db.task.findMany({
    where: { status: { not: "done" }, dueDate: day, assigneeId: { not: null } },
    orderBy: [{ id: "asc" }],
    take: limit,
    select: taskFields,
  });
}

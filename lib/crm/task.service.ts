import "server-only";
import { appError } from "@/lib/http/server-message";
import { serverEnv } from "@/lib/env";
import { localDate } from "@/lib/queue/local-time";
import { staffTimeZoneOf } from "@/lib/meetings/staff-meetings.service";
import { findActiveAccount } from "@/lib/staff/account-directory.service";
import type { StaffSession } from "@/lib/staff/session.service";
import { leadVisibilityOf } from "@/lib/staff/staff-settings.service";
import {
  TASKS_PAGE_SIZE,
  type TaskDto,
  type TaskPageDto,
  type TCreateTask,
  type TTaskListQuery,
  type TUpdateTask,
} from "./crm.schema";
import { assertMaySeeLead, isLeadId, ownerConditionOf } from "./lead.service";
import { leadExists } from "./lead.repo";
import {
  insertTask,
  selectOverdueTasks,
  selectAssignedTasksDueOn,
  selectTaskLeadId,
  selectTaskPage,
  updateTask,
} from "./task.repo";

type TaskRow = Awaited<ReturnType<typeof selectTaskPage>>[number];

/** Today (YYYY-MM-DD) in the business time zone: the morning jobs' day. A task due before it is overdue. */
const businessToday = (now: Date) => localDate(now, serverEnv().ANALYTICS_TIME_ZONE);

/**
 * Today on the reader's own clock (the zone their screens show times in): whether a task they read is
 * overdue agrees with "Today" among their meetings, wherever the business zone is.
 */
const viewerToday = (session: StaffSession, now: Date) => localDate(now, staffTimeZoneOf(session));

function toTaskDto(row: TaskRow, today: string): TaskDto {
  const dueDate = row.dueDate ? row.dueDate.toISOString().slice(0, 10) : null;
  return {
    id: row.id,
    title: row.title,
    lead_id: row.leadId,
    lead_name: row.lead.name ?? row.lead.email,
    status: row.status,
    assignee: row.assignee ? { id: row.assignee.id, name: row.assignee.name } : null,
    due_date: dueDate,
    is_overdue: dueDate !== null && row.status !== "done" && dueDate < today,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function encodeCursor(row: TaskRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !isLeadId(id) || Number.isNaN(createdAt.getTime())) {
    throw appError("validation", "badCursor", {
      fields: { cursor: ["Not a valid cursor."] },
    });
  }
  return { createdAt, id };
}

/** Open, assigned tasks due today in the business time zone, for the morning notifications. */
export async function listAssignedTasksDueToday(now = new Date()): Promise<TaskDto[]> {
  const today = businessToday(now);
  const rows = await selectAssignedTasksDueOn(new Date(`${today}T00:00:00Z`), 1000);
  return rows.map((row) => toTaskDto(row, today));
}

/** Every open task due before today in the business time zone (200 at most), oldest due first. */
export async function listOverdueTasks(now = new Date()): Promise<TaskDto[]> {
  const today = businessToday(now);
  const rows = await selectOverdueTasks(new Date(`${today}T00:00:00Z`), 200);
  return rows.map((row) => toTaskDto(row, today));
}

/**
 * One page of tasks, newest first, for everyone or one assignee; `next_cursor` continues it. Under the owner's
 * "own" visibility a sales account sees only tasks of its own and unassigned leads.
 */
export async function listTasks(
  query: TTaskListQuery,
  session: StaffSession,
  now = new Date(),
): Promise<TaskPageDto> {
  const assignee = ownerConditionOf(query.assignee, session.account);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const visibleTo = (await leadVisibilityOf(session)) ?? undefined;
  const rows = await selectTaskPage(assignee, after, TASKS_PAGE_SIZE + 1, visibleTo);
  const page = rows.slice(0, TASKS_PAGE_SIZE);
  const today = viewerToday(session, now);
  return {
    tasks: page.map((row) => toTaskDto(row, today)),
    next_cursor: rows.length > TASKS_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
  };
}

/**
 * Whether "My tasks" would list anything for this account (the same visibility as the list): the Tasks
 * view opens on it only then, so nobody starts on an empty list while the team's tasks are out of sight.
 */
export async function hasOwnTasks(session: StaffSession): Promise<boolean> {
  const visibleTo = (await leadVisibilityOf(session)) ?? undefined;
  const rows = await selectTaskPage({ accountId: session.account.id }, null, 1, visibleTo);
  return rows.length > 0;
}

function actorOf(session: StaffSession) {
  return { actor: session.actorName, actorId: session.account.id };
}

/**
 * Creates a task; without `assignee_id` it is the creator's own (null leaves it unassigned). The lead's
 * timeline notes it with who created it (docs/product.md, CRM history).
 */
export async function createTask(input: TCreateTask, session: StaffSession): Promise<TaskDto> {
  const creator = session.account;
  await assertMaySeeLead(session, input.lead_id, "create_task");
  if (!(await leadExists(input.lead_id))) {
    throw appError("validation", "chosenLeadMissing", {
      fields: { lead_id: ["The chosen lead does not exist."] },
    });
  }
  let assigneeId = input.assignee_id === undefined ? creator.id : input.assignee_id;
  if (assigneeId && !(await findActiveAccount(assigneeId))) {
    if (input.assignee_id) {
      throw appError("validation", "noActiveAccount", {
        fields: { assignee_id: ["There is no active account with this id."] },
      });
    }
    assigneeId = null;
  }
  const row = await insertTask(
    {
      title: input.title,
      leadId: input.lead_id,
      status: input.status,
      assigneeId,
      dueDate: input.due_date ? new Date(`${input.due_date}T00:00:00Z`) : null,
    },
    {
      ...actorOf(session),
      content: (created) =>
        [input.title, created.assignee ? `→ ${created.assignee.name}` : null, input.due_date]
          .filter(Boolean)
          .join(" · "),
    },
  );
  return toTaskDto(row, viewerToday(session, new Date()));
}

/**
 * Changes a task's status, assignee (an active account, or null for nobody) or due date (null: none); each
 * real change is noted in its lead's timeline with who made it. Setting a field to what it is adds nothing.
 */
export async function changeTask(
  id: string,
  input: TUpdateTask,
  session: StaffSession,
): Promise<TaskDto> {
  const task = isLeadId(id) ? await selectTaskLeadId(id) : null;
  if (!task) throw appError("not_found", "noTask");
  await assertMaySeeLead(session, task.leadId, "change_task");
  if (input.assignee_id && !(await findActiveAccount(input.assignee_id))) {
    throw appError("validation", "noActiveAccount", {
      fields: { assignee_id: ["There is no active account with this id."] },
    });
  }
  const row = await updateTask(
    id,
    {
      status: input.status,
      assigneeId: input.assignee_id,
      dueDate:
        input.due_date === undefined
          ? undefined
          : input.due_date === null
            ? null
            : new Date(`${input.due_date}T00:00:00Z`),
    },
    actorOf(session),
  );
  if (!row) throw appError("not_found", "noTask");
  return toTaskDto(row, viewerToday(session, new Date()));
}

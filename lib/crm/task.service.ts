import "server-only";
import { AppError } from "@/lib/http/app-error";
import type { TaskDto, TaskStatus, TCreateTask } from "./crm.schema";
import { isLeadId } from "./lead.service";
import { leadExists } from "./lead.repo";
import { insertTask, selectTasks, updateTaskStatus } from "./task.repo";

type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    title: row.title,
    lead_id: row.leadId,
    lead_name: row.lead.name ?? row.lead.email,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTasks(): Promise<TaskDto[]> {
  return (await selectTasks()).map(toTaskDto);
}

export async function createTask(input: TCreateTask): Promise<TaskDto> {
  if (!(await leadExists(input.lead_id))) {
    throw new AppError("validation", "The chosen lead does not exist.", {
      fields: { lead_id: ["The chosen lead does not exist."] },
    });
  }
  return toTaskDto(
    await insertTask({ title: input.title, leadId: input.lead_id, status: input.status }),
  );
}

export async function changeTaskStatus(id: string, status: TaskStatus): Promise<TaskDto> {
  const row = isLeadId(id) ? await updateTaskStatus(id, status) : null;
  if (!row) throw new AppError("not_found", "There is no task with this id.");
  return toTaskDto(row);
}

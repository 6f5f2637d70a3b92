// PATCH /api/crm/tasks/{id}: change a task's status.
import { NextResponse } from "next/server";
import { ZUpdateTask } from "@/lib/crm/crm.schema";
import { changeTaskStatus } from "@/lib/crm/task.service";
import { readJsonBody } from "@/lib/http/parse";
import { staffRoute } from "@/lib/staff/staff-route";

export const PATCH = staffRoute<{ id: string }>("crm.tasks.update", async (request, { params }) => {
  const { status } = await readJsonBody(request, ZUpdateTask);
  return NextResponse.json(await changeTaskStatus(params.id, status));
});

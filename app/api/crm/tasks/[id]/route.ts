// PATCH /api/crm/tasks/{id}: change a task's status, assignee or due date (each change noted in the lead's timeline).
import { updateTask } from "@/lib/crm/crm.contract";
import { changeTask } from "@/lib/crm/task.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PATCH: staffRoute(updateTask, async (_request, { params, body, session, reply }) =>
    reply(200, await changeTask(params.id, body, session)),
  ),
});

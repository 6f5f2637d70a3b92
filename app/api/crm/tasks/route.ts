// GET /api/crm/tasks?assignee=&cursor=: a page of tasks, newest first. POST: create a task for a lead.
import * as contracts from "@/lib/crm/crm.contract";
import { createTask, listTasks } from "@/lib/crm/task.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listTasks, async (_request, { query, session, reply }) =>
    reply(200, await listTasks(query, session)),
  ),
  POST: staffRoute(contracts.createTask, async (_request, { body, session, reply }) =>
    reply(201, await createTask(body, session)),
  ),
});

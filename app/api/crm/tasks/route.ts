// GET /api/crm/tasks?assignee=&cursor=: a page of tasks, newest first. POST: create a task for a lead.
import { NextResponse } from "next/server";
import { ZCreateTask, ZTaskListQuery } from "@/lib/crm/crm.schema";
import { createTask, listTasks } from "@/lib/crm/task.service";
import { readJsonBody } from "@/lib/http/parse";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.tasks.list",
    async (_request, { query, session }) => NextResponse.json(await listTasks(query, session)),
    { query: ZTaskListQuery },
  ),
  POST: staffRoute("crm.tasks.create", async (request, { session }) =>
    NextResponse.json(await createTask(await readJsonBody(request, ZCreateTask), session), {
      status: 201,
    }),
  ),
});

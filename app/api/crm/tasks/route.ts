// GET /api/crm/tasks: every task with its lead's name. POST: create a task for a lead.
import { NextResponse } from "next/server";
import { ZCreateTask } from "@/lib/crm/crm.schema";
import { createTask, listTasks } from "@/lib/crm/task.service";
import { readJsonBody } from "@/lib/http/parse";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("crm.tasks.list", async () => NextResponse.json(await listTasks())),
  POST: staffRoute("crm.tasks.create", async (request) =>
    NextResponse.json(await createTask(await readJsonBody(request, ZCreateTask)), { status: 201 }),
  ),
});

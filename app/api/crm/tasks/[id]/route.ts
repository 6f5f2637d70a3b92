// PATCH /api/crm/tasks/{id}: change a task's status, assignee or due date (each change noted in the lead's timeline).
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZUpdateTask } from "@/lib/crm/crm.schema";
import { changeTask } from "@/lib/crm/task.service";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  PATCH: staffRoute(
    "crm.tasks.update",
    async (request, { params, session }) =>
      NextResponse.json(
        await changeTask(params.id, await readJsonBody(request, ZUpdateTask), session),
      ),
    { params: z.object({ id: zRouteId }) },
  ),
});

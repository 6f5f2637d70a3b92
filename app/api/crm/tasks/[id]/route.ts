// PATCH /api/crm/tasks/{id}: change a task's status.
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZUpdateTask } from "@/lib/crm/crm.schema";
import { changeTaskStatus } from "@/lib/crm/task.service";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  PATCH: staffRoute(
    "crm.tasks.update",
    async (request, { params, session }) => {
      const { status } = await readJsonBody(request, ZUpdateTask);
      return NextResponse.json(await changeTaskStatus(params.id, status, session));
    },
    { params: z.object({ id: zRouteId }) },
  ),
});

// GET /api/crm/leads/{id}/activities: the lead's timeline, newest first. POST: add a note, call, meeting or
// e-mail (the system's own entry types are refused with 400).
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZAddActivity } from "@/lib/crm/crm.schema";
import { addStaffActivity, listActivitiesFor } from "@/lib/crm/lead.service";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

const params = z.object({ id: zRouteId });

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.activities.list",
    async (_request, { params, session }) =>
      NextResponse.json(await listActivitiesFor(params.id, session)),
    { params },
  ),
  POST: staffRoute(
    "crm.activities.add",
    async (request, { params, session }) =>
      NextResponse.json(
        await addStaffActivity(params.id, await readJsonBody(request, ZAddActivity), session),
        { status: 201 },
      ),
    { params },
  ),
});

// GET /api/crm/leads/{id}/activities: the lead's timeline, newest first. POST: add a note (or another activity).
import { NextResponse } from "next/server";
import { z } from "zod";
import { staffActor, ZAddActivity } from "@/lib/crm/crm.schema";
import { addActivity, listActivities } from "@/lib/crm/lead.service";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

const params = z.object({ id: zRouteId });

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.activities.list",
    async (_request, { params }) => NextResponse.json(await listActivities(params.id)),
    { params },
  ),
  POST: staffRoute(
    "crm.activities.add",
    async (request, { params, session }) =>
      NextResponse.json(
        await addActivity(
          params.id,
          await readJsonBody(request, ZAddActivity),
          staffActor(session.account),
        ),
        { status: 201 },
      ),
    { params },
  ),
});

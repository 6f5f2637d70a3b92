// GET /api/crm/leads/{id}/activities: the lead's timeline, newest first. POST: add a note (or another activity).
import { NextResponse } from "next/server";
import { ZAddActivity } from "@/lib/crm/crm.schema";
import { addActivity, listActivities } from "@/lib/crm/lead.service";
import { readJsonBody } from "@/lib/http/parse";
import { staffRoute } from "@/lib/staff/staff-route";

export const GET = staffRoute<{ id: string }>("crm.activities.list", async (_request, { params }) =>
  NextResponse.json(await listActivities(params.id)),
);

export const POST = staffRoute<{ id: string }>(
  "crm.activities.add",
  async (request, { params, session }) =>
    NextResponse.json(
      await addActivity(params.id, await readJsonBody(request, ZAddActivity), session.actorName),
      { status: 201 },
    ),
);

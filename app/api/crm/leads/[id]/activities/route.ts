// GET /api/crm/leads/{id}/activities: the lead's timeline. POST: add a human entry to it.
import * as contracts from "@/lib/crm/crm.contract";
import { addStaffActivity, listActivitiesFor } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listActivities, async (_request, { params, session, reply }) =>
    reply(200, await listActivitiesFor(params.id, session)),
  ),
  POST: staffRoute(contracts.addActivity, async (_request, { params, body, session, reply }) =>
    reply(201, await addStaffActivity(params.id, body, session)),
  ),
});

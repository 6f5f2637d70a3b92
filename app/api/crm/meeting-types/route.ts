// GET /api/crm/meeting-types: every type with its settings; POST: add one (managers and owners).
import * as contracts from "@/lib/meetings/staff-meetings.contract";
import { createMeetingType, listMeetingTypesAdmin } from "@/lib/meetings/staff-meetings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listMeetingTypesAdmin, async (_request, { reply }) =>
    reply(200, { data: await listMeetingTypesAdmin() }),
  ),
  POST: staffRoute(contracts.createMeetingType, async (_request, { body, reply }) =>
    reply(201, await createMeetingType(body)),
  ),
});

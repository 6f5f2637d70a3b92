// PATCH /api/crm/meeting-types/{id}: change a meeting type (managers and owners).
import { updateMeetingType as contract } from "@/lib/meetings/staff-meetings.contract";
import { updateMeetingType } from "@/lib/meetings/staff-meetings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PATCH: staffRoute(contract, async (_request, { params, body, reply }) =>
    reply(200, await updateMeetingType(params.id, body)),
  ),
});

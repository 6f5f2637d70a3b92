// POST /api/crm/meetings/{id}/handover {host_id}: an upcoming meeting whose host has left goes to an active colleague.
import { handOverMeeting as contract } from "@/lib/meetings/staff-meetings.contract";
import { handOverStaffMeeting } from "@/lib/meetings/staff-meetings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contract, async (_request, { params, body, session, reply }) =>
    reply(200, await handOverStaffMeeting(params.id, body.host_id, session)),
  ),
});

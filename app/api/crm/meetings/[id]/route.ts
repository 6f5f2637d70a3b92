// PATCH /api/crm/meetings/{id} {outcome}: how a meeting went, once its time has come (on the lead's timeline).
import { setMeetingOutcome as contract } from "@/lib/meetings/staff-meetings.contract";
import { setMeetingOutcome } from "@/lib/meetings/staff-meetings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PATCH: staffRoute(contract, async (_request, { params, body, session, reply }) =>
    reply(200, await setMeetingOutcome(params.id, body.outcome, session)),
  ),
});

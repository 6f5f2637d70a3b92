// GET /api/crm/meetings?host=me|all|{id}&lead=&from=&to=: meetings by host or lead (lib/meetings/staff-meetings.contract.ts).
import { listStaffMeetings as contract } from "@/lib/meetings/staff-meetings.contract";
import { listStaffMeetings } from "@/lib/meetings/staff-meetings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contract, async (_request, { query, session, reply }) =>
    reply(200, await listStaffMeetings(query, session)),
  ),
});

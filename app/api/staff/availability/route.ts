// GET/PUT /api/staff/availability?account=: working hours for meetings (your own; an owner's for anyone).
import * as contracts from "@/lib/meetings/staff-meetings.contract";
import { getAvailability, putAvailability } from "@/lib/meetings/staff-meetings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getAvailability, async (_request, { query, session, reply }) =>
    reply(200, await getAvailability(query.account, session)),
  ),
  PUT: staffRoute(contracts.putAvailability, async (_request, { query, body, session, reply }) =>
    reply(200, await putAvailability(query.account, body, session)),
  ),
});

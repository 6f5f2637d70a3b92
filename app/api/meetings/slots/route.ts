// GET /api/meetings/slots (contract: lib/meetings/meetings.contract.ts).
import { methods, route } from "@/lib/http/route";
import { listMeetingSlots } from "@/lib/meetings/meetings.contract";
import { findSlots } from "@/lib/meetings/meetings.service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listMeetingSlots, async (_request, { query, reply }) =>
    reply(200, { slots: await findSlots(query) }),
  ),
});

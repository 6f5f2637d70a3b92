// GET /api/meetings/types (contract: lib/meetings/meetings.contract.ts).
import { methods, route } from "@/lib/http/route";
import { listMeetingTypes as listMeetingTypesContract } from "@/lib/meetings/meetings.contract";
import { listMeetingTypes } from "@/lib/meetings/meetings.service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listMeetingTypesContract, async (_request, { query, reply }) =>
    reply(200, { data: await listMeetingTypes(query.lang) }),
  ),
});

// POST /api/meetings/manage/{token}/cancel (contract: lib/meetings/meetings.contract.ts).
import { methods, route } from "@/lib/http/route";
import { cancelMeetingByLink } from "@/lib/meetings/meetings.contract";
import { cancelByLink } from "@/lib/meetings/meetings.service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(cancelMeetingByLink, async (_request, { params, reply }) =>
    reply(200, await cancelByLink(params.token)),
  ),
});

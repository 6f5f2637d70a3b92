// POST /api/meetings/manage/{token}/reschedule (contract: lib/meetings/meetings.contract.ts).
import { methods, route } from "@/lib/http/route";
import { appError, messageIn } from "@/lib/http/server-message";
import { rescheduleMeetingByLink } from "@/lib/meetings/meetings.contract";
import { rescheduleByLink } from "@/lib/meetings/meetings.service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(rescheduleMeetingByLink, async (_request, { params, body, client, reply }) => {
    const outcome = await rescheduleByLink(params.token, body.start);
    if (outcome.kind === "slot_taken")
      return reply(409, {
        error: {
          code: "slot_taken",
          message: messageIn(appError("conflict", "meetingSlotTaken"), client.locale),
        },
        next: outcome.next,
      });
    return reply(200, outcome.meeting);
  }),
});

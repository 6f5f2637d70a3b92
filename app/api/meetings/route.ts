// POST /api/meetings: a visitor books a meeting (contract: lib/meetings/meetings.contract.ts).
import { methods, route } from "@/lib/http/route";
import { appError, messageIn } from "@/lib/http/server-message";
import { bookMeeting as bookMeetingContract } from "@/lib/meetings/meetings.contract";
import { bookMeeting } from "@/lib/meetings/meetings.service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(bookMeetingContract, async (_request, { body, client, reply }) => {
    const outcome = await bookMeeting(body, client);
    if (outcome.kind === "slot_taken")
      return reply(409, {
        error: {
          code: "slot_taken",
          message: messageIn(appError("conflict", "meetingSlotTaken"), client.locale),
        },
        next: outcome.next,
      });
    return reply(201, {
      id: outcome.reference,
      start: outcome.start.toISOString(),
      end: outcome.end.toISOString(),
      host: { name: outcome.hostName },
      manage_url: outcome.manageUrl,
    });
  }),
});

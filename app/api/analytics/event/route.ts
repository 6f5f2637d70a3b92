// POST /api/analytics/event: one tracked event or { events: [...] } (≤ 50) from our public pages' tracker.
import { postEvents } from "@/lib/analytics/analytics.contract";
import { ingestEvents } from "@/lib/analytics/ingest.service";
import { readRawJson } from "@/lib/http/parse";
import { methods, route } from "@/lib/http/route";
import { assertSameOrigin } from "@/lib/http/same-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(postEvents, async (request, { client, reply }) => {
    // Only our own pages may post; a non-browser client sends neither header and is judged by the rate limit.
    assertSameOrigin(request);
    // Text is checked per event by the service, so one bad event is refused alone.
    const body = await readRawJson(request, {
      maxBytes: postEvents.body.maxBytes,
      allowTextPlain: true,
    });
    const result = await ingestEvents(body, {
      clientAddress: client.address,
      userAgent: client.userAgent,
      ownHost:
        request.headers.get("x-forwarded-host") ??
        request.headers.get("host") ??
        request.nextUrl.host,
    });
    return reply(202, result);
  }),
});

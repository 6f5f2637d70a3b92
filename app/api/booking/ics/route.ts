// GET /api/booking/ics: the booking confirmation page's "Add to calendar" file (RFC 5545).
import type { NextRequest } from "next/server";
import { ZBookingIcsQuery } from "@/lib/booking/booking.schema";
import { createBookingCalendar } from "@/lib/booking/booking.service";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route("booking-ics", async (request: NextRequest) => {
  // A malformed query throws a ZodError, which the wrapper answers with a 400 naming the fields.
  const query = ZBookingIcsQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  const { filename, body } = await createBookingCalendar(query, new Date());
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
});

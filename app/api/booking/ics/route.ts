// GET /api/booking/ics: the booking confirmation page's "Add to calendar" file (RFC 5545).
import { bookingIcs } from "@/lib/booking/booking.contract";
import { createBookingCalendar } from "@/lib/booking/booking.service";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(bookingIcs, async (_request, { query }) => {
    const { filename, body } = await createBookingCalendar(query, new Date());
    return new Response(body, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  }),
});

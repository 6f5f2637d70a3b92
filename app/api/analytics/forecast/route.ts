// GET /api/analytics/forecast?owner=: committed, weighted and best case per month (sales: their own deals).
import { forecast } from "@/lib/analytics/sales.contract";
import { getForecast } from "@/lib/analytics/sales.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(forecast, async (_request, { query, session, reply }) =>
    reply(
      200,
      await getForecast(query, { accountId: session.account.id, role: session.account.role }),
    ),
  ),
});

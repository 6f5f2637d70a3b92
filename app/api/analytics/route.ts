// GET /api/analytics?range=&startDate=&endDate=: the staff dashboard's figures for a period and the one before it.
import { dashboard } from "@/lib/analytics/analytics.contract";
import { getDashboard } from "@/lib/analytics/dashboard.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(dashboard, async (_request, { query, reply }) =>
    reply(200, await getDashboard(query)),
  ),
});

// GET /api/analytics?range=&startDate=&endDate=: the staff dashboard's figures for a period and the one before it.
import { NextResponse } from "next/server";
import { getDashboard } from "@/lib/analytics/dashboard.service";
import { ZDashboardQuery } from "@/lib/analytics/periods";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "analytics.dashboard",
    async (_request, { query }) => NextResponse.json(await getDashboard(query)),
    { query: ZDashboardQuery },
  ),
});

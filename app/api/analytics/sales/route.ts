// GET /api/analytics/sales?range=&startDate=&endDate=: the period's figures per salesperson (sales: their own row).
import { salesReport } from "@/lib/analytics/sales.contract";
import { getSalesReport } from "@/lib/analytics/sales.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(salesReport, async (_request, { query, session, reply }) =>
    reply(
      200,
      await getSalesReport(query, { accountId: session.account.id, role: session.account.role }),
    ),
  ),
});

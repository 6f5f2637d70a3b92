// GET /api/analytics/export?range=&startDate=&endDate=&table=: one dashboard table for the period as a CSV file.
import { exportTable } from "@/lib/analytics/analytics.contract";
import { exportAnalyticsTable } from "@/lib/analytics/export.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(exportTable, async (_request, { query }) => {
    const { csv, filename } = await exportAnalyticsTable(query);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
    });
  }),
});

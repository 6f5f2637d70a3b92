// GET /api/crm/leads/export.csv?stage=&q=&owner=: the filtered leads as a CSV file for spreadsheets.
import { exportLeads } from "@/lib/crm/crm.contract";
import { listLeadsForExport } from "@/lib/crm/lead.service";
import { toLeadsCsv } from "@/lib/crm/leads-csv";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(exportLeads, async (_request, { query, session }) => {
    const csv = toLeadsCsv(await listLeadsForExport(query, session));
    const date = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="leads-${date}.csv"`,
      },
    });
  }),
});

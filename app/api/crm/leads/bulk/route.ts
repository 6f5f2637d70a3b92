// POST /api/crm/leads/bulk (managers and owners): assign and/or move many leads. Contract: lib/crm/lead-workspace.contract.ts.
import * as contracts from "@/lib/crm/lead-workspace.contract";
import { bulkUpdateLeads } from "@/lib/crm/lead-bulk.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.bulkUpdateLeads, async (_request, { body, session, reply }) =>
    reply(200, await bulkUpdateLeads(body, session)),
  ),
});

// POST /api/crm/leads/{id}/erase (managers): removes the lead's personal data for good (right to be forgotten).
import { eraseLead } from "@/lib/crm/crm.contract";
import { eraseLead as erase } from "@/lib/crm/lead-erasure.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(eraseLead, async (_request, { params, session, reply }) =>
    reply(200, await erase(params.id, session)),
  ),
});

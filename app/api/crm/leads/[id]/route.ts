// GET /api/crm/leads/{id}: one lead in full. PATCH (managers): reassign it and/or set its value by hand.
import * as contracts from "@/lib/crm/crm.contract";
import { getLeadFor } from "@/lib/crm/lead.service";
import { patchLead } from "@/lib/crm/lead-patch.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getLead, async (_request, { params, session, reply }) =>
    reply(200, await getLeadFor(params.id, session)),
  ),
  PATCH: staffRoute(contracts.updateLead, async (_request, { params, body, session, reply }) =>
    reply(200, await patchLead(params.id, body, session)),
  ),
});

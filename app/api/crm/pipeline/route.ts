// GET /api/crm/pipeline?owner=&won_period=: the stages with their lead counts and value totals per currency.
import { getPipeline } from "@/lib/crm/crm.contract";
import { getPipeline as pipeline } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(getPipeline, async (_request, { query, session, reply }) =>
    reply(200, await pipeline(query.owner, session, query.won_period)),
  ),
});

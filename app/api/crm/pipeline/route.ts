// GET /api/crm/pipeline?owner=&won_period=: the sales stages in pipeline order, with the number of leads in each
// and their value per currency (Won: the deals won within the period), optionally for one owner's leads.
import { NextResponse } from "next/server";
import { ZPipelineQuery } from "@/lib/crm/crm.schema";
import { getPipeline } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.pipeline",
    async (_request, { query, session }) =>
      NextResponse.json(await getPipeline(query.owner, session, query.won_period)),
    { query: ZPipelineQuery },
  ),
});

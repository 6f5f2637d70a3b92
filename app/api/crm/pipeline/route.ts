// GET /api/crm/pipeline?won_period=: the sales stages in pipeline order, with the number of leads in each and
// their value per currency (Won: the deals won within the period).
import { NextResponse } from "next/server";
import { ZPipelineValueQuery } from "@/lib/crm/deal-value.schema";
import { getPipeline } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.pipeline",
    async (_request, { query }) => NextResponse.json(await getPipeline(query.won_period)),
    { query: ZPipelineValueQuery },
  ),
});

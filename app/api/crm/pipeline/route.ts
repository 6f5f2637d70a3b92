// GET /api/crm/pipeline?owner=: the sales stages in pipeline order, with the number of leads in each.
import { NextResponse } from "next/server";
import { ZPipelineQuery } from "@/lib/crm/crm.schema";
import { getPipeline } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.pipeline",
    async (_request, { query, session }) =>
      NextResponse.json(await getPipeline(query.owner, session.account)),
    { query: ZPipelineQuery },
  ),
});

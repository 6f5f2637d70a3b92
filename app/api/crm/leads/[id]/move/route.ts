// POST /api/crm/leads/{id}/move?stage=X: move a lead to another stage; the timeline records the change.
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZMoveLeadQuery } from "@/lib/crm/crm.schema";
import { moveLead } from "@/lib/crm/lead.service";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "crm.leads.move",
    async (_request, { params, session, query }) =>
      NextResponse.json(await moveLead(params.id, query.stage, session)),
    { params: z.object({ id: zRouteId }), query: ZMoveLeadQuery, hasNoBody: true },
  ),
});

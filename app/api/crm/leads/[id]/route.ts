// GET /api/crm/leads/{id}: one lead with its latest questionnaire answers, value and days in stage.
// PATCH {value}: a manager sets (or with null clears) the lead's value by hand; 409 while a proposal sets it.
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZSetLeadValue } from "@/lib/crm/deal-value.schema";
import { getLead } from "@/lib/crm/lead.service";
import { setLeadValue } from "@/lib/crm/lead-value.service";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.leads.get",
    async (_request, { params }) => NextResponse.json(await getLead(params.id)),
    { params: z.object({ id: zRouteId }) },
  ),
  PATCH: staffRoute(
    "crm.leads.value",
    async (request, { params, session }) =>
      NextResponse.json(
        await setLeadValue(
          params.id,
          await readJsonBody(request, ZSetLeadValue),
          session.actorName,
        ),
      ),
    { params: z.object({ id: zRouteId }), role: "manager" },
  ),
});

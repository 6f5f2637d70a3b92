// GET /api/crm/leads/{id}: one lead with its owner, every submission and the latest questionnaire's answers.
// PATCH {owner_id}: reassign the lead (manager and above).
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZReassignLead } from "@/lib/crm/crm.schema";
import { getLead } from "@/lib/crm/lead.service";
import { reassignLead } from "@/lib/crm/lead-owner.service";
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
    "crm.leads.reassign",
    async (request, { params, session }) =>
      NextResponse.json(
        await reassignLead(params.id, await readJsonBody(request, ZReassignLead), session),
      ),
    { params: z.object({ id: zRouteId }), role: "manager" },
  ),
});

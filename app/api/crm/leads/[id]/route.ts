// GET /api/crm/leads/{id}: one lead with its latest questionnaire answers.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getLead } from "@/lib/crm/lead.service";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.leads.get",
    async (_request, { params }) => NextResponse.json(await getLead(params.id)),
    { params: z.object({ id: zRouteId }) },
  ),
});

// POST /api/crm/leads/{id}/erase: removes the lead's personal data for good (managers; right to be forgotten).
import { NextResponse } from "next/server";
import { z } from "zod";
import { eraseLead } from "@/lib/crm/lead-erasure.service";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "crm.leads.erase",
    async (_request, { params, session }) => NextResponse.json(await eraseLead(params.id, session)),
    { params: z.object({ id: zRouteId }), hasNoBody: true, role: "manager" },
  ),
});

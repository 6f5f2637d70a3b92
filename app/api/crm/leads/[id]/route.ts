// GET /api/crm/leads/{id}: one lead with its owner, every submission, the latest questionnaire's answers,
// its value and days in stage.
// PATCH {owner_id?, value?} (manager and above): reassign the lead, and/or set (null: clear) its value by hand
// — 409 for a value while a shared proposal sets it.
import { NextResponse } from "next/server";
import { z } from "zod";
import { ZLeadPatch } from "@/lib/crm/lead-patch.schema";
import { getLeadFor } from "@/lib/crm/lead.service";
import { patchLead } from "@/lib/crm/lead-patch.service";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.leads.get",
    async (_request, { params, session }) =>
      NextResponse.json(await getLeadFor(params.id, session)),
    { params: z.object({ id: zRouteId }) },
  ),
  PATCH: staffRoute(
    "crm.leads.update",
    async (request, { params, session }) =>
      NextResponse.json(
        await patchLead(params.id, await readJsonBody(request, ZLeadPatch), session),
      ),
    { params: z.object({ id: zRouteId }), role: "manager" },
  ),
});

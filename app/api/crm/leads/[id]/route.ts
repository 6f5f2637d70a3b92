// GET /api/crm/leads/{id}: one lead with its latest questionnaire answers.
import { NextResponse } from "next/server";
import { getLead } from "@/lib/crm/lead.service";
import { staffRoute } from "@/lib/staff/staff-route";

export const GET = staffRoute<{ id: string }>("crm.leads.get", async (_request, { params }) =>
  NextResponse.json(await getLead(params.id)),
);

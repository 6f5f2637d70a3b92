// POST /api/crm/leads/{id}/move?stage=X: move a lead to another stage; the timeline records the change.
import { NextResponse } from "next/server";
import { ZMoveLeadQuery } from "@/lib/crm/crm.schema";
import { moveLead } from "@/lib/crm/lead.service";
import { parseInput, searchParamsOf } from "@/lib/http/parse";
import { staffRoute } from "@/lib/staff/staff-route";

export const POST = staffRoute<{ id: string }>(
  "crm.leads.move",
  async (request, { params, session }) => {
    const { stage } = parseInput(ZMoveLeadQuery, searchParamsOf(request));
    return NextResponse.json(await moveLead(params.id, stage, session.actorName));
  },
);

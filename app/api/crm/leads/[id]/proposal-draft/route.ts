// POST /api/crm/leads/{id}/proposal-draft: a draft proposal built from the lead's questionnaire answers, for the builder.
import { NextResponse } from "next/server";
import { z } from "zod";
import { zRouteId } from "@/lib/http/route";
import { draftProposalForLead } from "@/lib/proposals/proposal-draft.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "crm.leads.proposal_draft",
    async (_request, { params, session }) =>
      NextResponse.json(await draftProposalForLead(params.id, session)),
    { params: z.object({ id: zRouteId }), hasNoBody: true },
  ),
});

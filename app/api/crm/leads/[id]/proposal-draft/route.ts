// POST /api/crm/leads/{id}/proposal-draft: a draft proposal built from the lead's questionnaire answers, for the builder.
import { NextResponse } from "next/server";
import { draftProposalForLead } from "@/lib/proposals/proposal-draft.service";
import { staffRoute } from "@/lib/staff/staff-route";

export const POST = staffRoute<{ id: string }>(
  "crm.leads.proposal_draft",
  async (_request, { params }) => NextResponse.json(await draftProposalForLead(params.id)),
);

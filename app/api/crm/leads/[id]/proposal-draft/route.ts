// POST /api/crm/leads/{id}/proposal-draft: a draft proposal built from the lead's questionnaire answers, for the builder.
import { draftProposal } from "@/lib/proposals/proposals.contract";
import { draftProposalForLead } from "@/lib/proposals/proposal-draft.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(draftProposal, async (_request, { params, session, reply }) =>
    reply(200, await draftProposalForLead(params.id, session)),
  ),
});

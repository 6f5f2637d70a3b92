// PUT /api/crm/proposals/{id}/reminders {enabled}: turns the client's one reminder before expiry on or off.
import { assertMayChangeProposal } from "@/lib/proposals/proposal-access.service";
import { setProposalReminders } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PUT: staffRoute(
    contracts.setReminders,
    async (_request, { params, body, client, session, reply }) =>
      reply(
        200,
        await setProposalReminders(params.id, body, auditContextOf(client, session.account)),
      ),
    {
      beforeBody: (_request, { params, session }) =>
        assertMayChangeProposal(session, params.id, "proposal_reminders"),
    },
  ),
});

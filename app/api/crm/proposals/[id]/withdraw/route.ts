// POST /api/crm/proposals/{id}/withdraw: closes the client link for good (it then answers 404); 409 once signed.
import { assertMayChangeProposal } from "@/lib/proposals/proposal-access.service";
import { withdrawProposal } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(
    contracts.withdrawProposal,
    async (_request, { params, client, session, reply }) => {
      await assertMayChangeProposal(session, params.id, "withdraw_proposal");
      return reply(200, await withdrawProposal(params.id, auditContextOf(client, session.account)));
    },
  ),
});

// POST /api/crm/proposals/{id}/extend {days}: moves an expired or expiring proposal's date on; 409 once signed.
import { assertMayChangeProposal } from "@/lib/proposals/proposal-access.service";
import { extendProposal } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(
    contracts.extendProposal,
    async (_request, { params, body, client, session, reply }) =>
      reply(200, await extendProposal(params.id, body, auditContextOf(client, session.account))),
    {
      beforeBody: (_request, { params, session }) =>
        assertMayChangeProposal(session, params.id, "extend_proposal"),
    },
  ),
});

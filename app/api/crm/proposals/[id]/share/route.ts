// POST /api/crm/proposals/{id}/share: opens the client link; the first call starts the 30 days, later calls answer the same link.
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { shareProposal } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(
    contracts.shareProposal,
    async (_request, { params, client, session, reply }) => {
      await assertMaySeeProposal(session, params.id, "share_proposal");
      return reply(200, await shareProposal(params.id, auditContextOf(client, session.account)));
    },
  ),
});

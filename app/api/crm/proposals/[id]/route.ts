// GET /api/crm/proposals/{id}: one stored proposal (under data). PATCH: replace its data as a new version, refused once signed.
import {
  assertMayChangeProposal,
  assertMaySeeProposal,
  mayChangeProposal,
} from "@/lib/proposals/proposal-access.service";
import { readProposalBody } from "@/lib/proposals/proposal-input";
import { ZUpdateProposal } from "@/lib/proposals/proposal.schema";
import { getProposal, updateProposal } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getProposal, async (_request, { params, session, reply }) => {
    await assertMaySeeProposal(session, params.id, "read_proposal");
    const [proposal, mayChange] = await Promise.all([
      getProposal(params.id),
      mayChangeProposal(session, params.id),
    ]);
    return reply(200, { data: { ...proposal, may_change: mayChange } });
  }),
  PATCH: staffRoute(
    contracts.updateProposal,
    async (request, { params, client, session, reply }) => {
      await assertMayChangeProposal(session, params.id, "edit_proposal");
      const input = await readProposalBody(request, ZUpdateProposal);
      return reply(200, {
        data: await updateProposal(params.id, input, auditContextOf(client, session.account)),
      });
    },
  ),
});

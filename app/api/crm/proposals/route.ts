// GET /api/crm/proposals: a page of stored proposals (filters, cursor), newest first. POST: store a proposal (a draft) and get its client link.
import { appError, messageIn } from "@/lib/http/server-message";
import { assertMayProposeFor } from "@/lib/proposals/proposal-access.service";
import { readProposalBody } from "@/lib/proposals/proposal-input";
import { ZCreateProposal } from "@/lib/proposals/proposal.schema";
import { createProposal, listProposalPage } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listProposals, async (_request, { query, session, reply }) =>
    reply(200, await listProposalPage(query, session)),
  ),
  // The handler reads the body: a proposal's errors name each field by its full dotted path.
  POST: staffRoute(contracts.createProposal, async (request, { session, client, reply }) => {
    const input = await readProposalBody(request, ZCreateProposal);
    await assertMayProposeFor(session, input);
    const outcome = await createProposal(input, auditContextOf(client, session.account));
    if ("existingId" in outcome)
      return reply(409, {
        error: {
          code: "conflict",
          message: messageIn(appError("conflict", "proposalExistsForLead"), client.locale),
        },
        existing_id: outcome.existingId,
      });
    return reply(201, outcome.stored);
  }),
});

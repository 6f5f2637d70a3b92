// GET /api/crm/proposals: stored proposals with their status, newest first. POST: store a proposal (a draft) and get its client link.
import { NextResponse } from "next/server";
import { assertMayProposeFor } from "@/lib/proposals/proposal-access.service";
import { readProposalBody } from "@/lib/proposals/proposal-input";
import { ZCreateProposal } from "@/lib/proposals/proposal.schema";
import { createProposal, listProposals } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("crm.proposals.list", async (_request, { session }) =>
    NextResponse.json({ data: await listProposals(session) }),
  ),
  POST: staffRoute("crm.proposals.create", async (request, { session, client }) => {
    const input = await readProposalBody(request, ZCreateProposal);
    await assertMayProposeFor(session, input);
    return NextResponse.json(await createProposal(input, auditContextOf(client, session.account)), {
      status: 201,
    });
  }),
});

// GET /api/crm/proposals: stored proposals with their status, newest first. POST: store a proposal (a draft) and get its client link.
import { NextResponse } from "next/server";
import { readProposalBody } from "@/lib/proposals/proposal-input";
import { ZCreateProposal } from "@/lib/proposals/proposal.schema";
import { createProposal, listProposals } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("crm.proposals.list", async () =>
    NextResponse.json({ data: await listProposals() }),
  ),
  POST: staffRoute("crm.proposals.create", async (request, { session, client }) => {
    const input = await readProposalBody(request, ZCreateProposal);
    return NextResponse.json(await createProposal(input, auditContextOf(client, session.account)), {
      status: 201,
    });
  }),
});

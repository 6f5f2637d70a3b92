// GET /api/crm/proposals/{id}: one stored proposal (its data in data.data). PATCH: replace its data as a new version, refused once signed.
import { NextResponse } from "next/server";
import { readProposalBody } from "@/lib/proposals/proposal-input";
import { ZUpdateProposal } from "@/lib/proposals/proposal.schema";
import { getProposal, updateProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffRoute } from "@/lib/staff/staff-route";

export const GET = staffRoute<{ id: string }>("crm.proposals.get", async (_request, { params }) =>
  NextResponse.json({ data: await getProposal(params.id) }),
);

export const PATCH = staffRoute<{ id: string }>(
  "crm.proposals.update",
  async (request, { params, session }) => {
    const input = await readProposalBody(request, ZUpdateProposal);
    return NextResponse.json({
      data: await updateProposal(params.id, input, auditContextOf(request, session.actorName)),
    });
  },
);

// GET /api/crm/proposals/{id}: one stored proposal (its data in data.data). PATCH: replace its data as a new version, refused once signed.
import { NextResponse } from "next/server";
import { z } from "zod";
import { zRouteId } from "@/lib/http/route";
import {
  assertMayChangeProposal,
  assertMaySeeProposal,
  mayChangeProposal,
} from "@/lib/proposals/proposal-access.service";
import { readProposalBody } from "@/lib/proposals/proposal-input";
import { ZUpdateProposal } from "@/lib/proposals/proposal.schema";
import { getProposal, updateProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

const params = z.object({ id: zRouteId });

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.proposals.get",
    async (_request, { params, session }) => {
      await assertMaySeeProposal(session, params.id, "read_proposal");
      const [proposal, mayChange] = await Promise.all([
        getProposal(params.id),
        mayChangeProposal(session, params.id),
      ]);
      return NextResponse.json({ data: { ...proposal, may_change: mayChange } });
    },
    { params },
  ),
  PATCH: staffRoute(
    "crm.proposals.update",
    async (request, { params, client, session }) => {
      await assertMayChangeProposal(session, params.id, "edit_proposal");
      const input = await readProposalBody(request, ZUpdateProposal);
      return NextResponse.json({
        data: await updateProposal(params.id, input, auditContextOf(client, session.account)),
      });
    },
    { params },
  ),
});

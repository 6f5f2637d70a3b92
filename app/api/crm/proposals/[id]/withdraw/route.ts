// POST /api/crm/proposals/{id}/withdraw: closes the client link for good (it then answers 404); 409 once signed.
import { NextResponse } from "next/server";
import { z } from "zod";
import { zRouteId } from "@/lib/http/route";
import { assertMayChangeProposal } from "@/lib/proposals/proposal-access.service";
import { withdrawProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "crm.proposals.withdraw",
    async (_request, { params, client, session }) => {
      await assertMayChangeProposal(session, params.id, "withdraw_proposal");
      return NextResponse.json(
        await withdrawProposal(params.id, auditContextOf(client, session.account)),
      );
    },
    { params: z.object({ id: zRouteId }), hasNoBody: true },
  ),
});

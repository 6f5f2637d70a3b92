// POST /api/crm/proposals/{id}/extend {days}: moves an expired or expiring proposal's date on ({expires_at}); 409 once signed.
import { NextResponse } from "next/server";
import { z } from "zod";
import { readJsonBody } from "@/lib/http/parse";
import { assertMayChangeProposal } from "@/lib/proposals/proposal-access.service";
import { zRouteId } from "@/lib/http/route";
import { ZExtendProposal } from "@/lib/proposals/proposal.schema";
import { extendProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "crm.proposals.extend",
    async (request, { params, client, session }) => {
      await assertMayChangeProposal(session, params.id, "extend_proposal");
      const input = await readJsonBody(request, ZExtendProposal);
      return NextResponse.json(
        await extendProposal(params.id, input, auditContextOf(client, session.account)),
      );
    },
    { params: z.object({ id: zRouteId }) },
  ),
});

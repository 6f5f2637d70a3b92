// POST /api/crm/proposals/{id}/share: opens the client link ({status, url, expires_at}); the first call starts the 30 days, later calls answer the same link.
import { NextResponse } from "next/server";
import { z } from "zod";
import { zRouteId } from "@/lib/http/route";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { shareProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "crm.proposals.share",
    async (_request, { params, client, session }) => {
      await assertMaySeeProposal(session, params.id, "share_proposal");
      return NextResponse.json(
        await shareProposal(params.id, auditContextOf(client, session.account)),
      );
    },
    { params: z.object({ id: zRouteId }), hasNoBody: true },
  ),
});

// PUT /api/crm/proposals/{id}/reminders {enabled}: turns the client's one reminder before expiry on or off ({reminders_enabled}).
import { NextResponse } from "next/server";
import { z } from "zod";
import { readJsonBody } from "@/lib/http/parse";
import { assertMayChangeProposal } from "@/lib/proposals/proposal-access.service";
import { zRouteId } from "@/lib/http/route";
import { ZProposalReminders } from "@/lib/proposals/proposal.schema";
import { setProposalReminders } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  PUT: staffRoute(
    "crm.proposals.reminders",
    async (request, { params, client, session }) => {
      await assertMayChangeProposal(session, params.id, "proposal_reminders");
      const input = await readJsonBody(request, ZProposalReminders);
      return NextResponse.json(
        await setProposalReminders(params.id, input, auditContextOf(client, session.account)),
      );
    },
    { params: z.object({ id: zRouteId }) },
  ),
});

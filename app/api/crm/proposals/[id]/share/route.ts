// POST /api/crm/proposals/{id}/share: opens the client link ({status, url, expires_at}); the first call starts the 30 days, later calls answer the same link.
import { NextResponse } from "next/server";
import { shareProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffRoute } from "@/lib/staff/staff-route";

export const POST = staffRoute<{ id: string }>(
  "crm.proposals.share",
  async (request, { params, session }) =>
    NextResponse.json(await shareProposal(params.id, auditContextOf(request, session.actorName))),
);

// POST /api/crm/proposals/{id}/withdraw: closes the client link for good (it then answers 404); 409 once signed.
import { NextResponse } from "next/server";
import { withdrawProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffRoute } from "@/lib/staff/staff-route";

export const POST = staffRoute<{ id: string }>(
  "crm.proposals.withdraw",
  async (request, { params, session }) =>
    NextResponse.json(
      await withdrawProposal(params.id, auditContextOf(request, session.actorName)),
    ),
);

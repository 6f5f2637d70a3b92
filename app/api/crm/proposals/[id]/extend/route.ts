// POST /api/crm/proposals/{id}/extend {days}: moves an expired or expiring proposal's date on ({expires_at}); 409 once signed.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { ZExtendProposal } from "@/lib/proposals/proposal.schema";
import { extendProposal } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffRoute } from "@/lib/staff/staff-route";

export const POST = staffRoute<{ id: string }>(
  "crm.proposals.extend",
  async (request, { params, session }) => {
    const input = await readJsonBody(request, ZExtendProposal);
    return NextResponse.json(
      await extendProposal(params.id, input, auditContextOf(request, session.actorName)),
    );
  },
);

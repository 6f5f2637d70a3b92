// GET /api/crm/proposals/{id}/signed.pdf: the sealed PDF of a signed proposal, for staff; 404 before signing.
import { NextResponse } from "next/server";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { getSealedPdf } from "@/lib/proposals/proposal.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.signedPdf, async (_request, { params, session }) => {
    await assertMaySeeProposal(session, params.id, "read_proposal");
    return new NextResponse(Buffer.from(await getSealedPdf(params.id)), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'attachment; filename="signed-proposal.pdf"',
      },
    });
  }),
});

// GET /api/crm/proposals/{id}/signed.pdf: the sealed PDF of a signed proposal, for staff; 404 before signing.
import { NextResponse } from "next/server";
import { z } from "zod";
import { zRouteId } from "@/lib/http/route";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { getSealedPdf } from "@/lib/proposals/proposal.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.proposals.signed_pdf",
    async (_request, { params, session }) => {
      await assertMaySeeProposal(session, params.id, "read_proposal");
      return new NextResponse(Buffer.from(await getSealedPdf(params.id)), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="signed-proposal.pdf"',
        },
      });
    },
    { params: z.object({ id: zRouteId }) },
  ),
});

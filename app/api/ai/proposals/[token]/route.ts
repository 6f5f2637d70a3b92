// GET /api/ai/proposals/{token}: the client link's proposal ({proposal_data, status, expires_at, signature?}); records the client's view.
import { NextResponse } from "next/server";
import { methods, route } from "@/lib/http/route";
import { viewProposalByToken } from "@/lib/proposals/proposal.service";
import { ZProposalTokenParams } from "@/lib/proposals/proposal.schema";
import { auditContextOf, isStaffPreview } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "ai.proposals.view",
    async (request, { params, client }) => {
      const proposal = await viewProposalByToken(params.token, auditContextOf(client), {
        isStaffPreview: await isStaffPreview(request),
      });
      return NextResponse.json(proposal, {
        headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
      });
    },
    { params: ZProposalTokenParams },
  ),
});

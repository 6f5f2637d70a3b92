// GET /api/ai/proposals/{token}: the client link's proposal ({proposal_data, status, expires_at, signature?}); records the client's view.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { viewProposalByToken } from "@/lib/proposals/proposal.service";
import { auditContextOf, isStaffPreview } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const GET = route<{ params: Promise<Record<string, string>> }>(
  "ai.proposals.view",
  async (request, { params }) => {
    const token = (await params).token ?? "";
    const proposal = await viewProposalByToken(token, auditContextOf(request), {
      isStaffPreview: await isStaffPreview(request),
    });
    return NextResponse.json(proposal, {
      headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  },
);

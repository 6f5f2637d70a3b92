// GET /api/ai/proposals/{token}?lang=es|en: the client link's proposal ({proposal_data, status, expires_at, signature?, version, content_sha256, languages}); records the client's view; 404 for drafts and withdrawn links.
import { NextResponse } from "next/server";
import { methods, route } from "@/lib/http/route";
import { viewProposalByToken } from "@/lib/proposals/proposal-link.service";
import { ZProposalLangQuery, ZProposalTokenParams } from "@/lib/proposals/proposal.schema";
import { auditContextOf, isStaffPreview, visitorLangOf } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "ai.proposals.view",
    async (request, { params, client }) => {
      const proposal = await viewProposalByToken(params.token, auditContextOf(client), {
        isStaffPreview: await isStaffPreview(request),
        lang: visitorLangOf(request),
      });
      return NextResponse.json(proposal, {
        headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
      });
    },
    { params: ZProposalTokenParams, query: ZProposalLangQuery },
  ),
});

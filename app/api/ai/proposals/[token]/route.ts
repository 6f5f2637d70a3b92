// GET /api/ai/proposals/{token}?lang=es|en: the client link's proposal ({proposal_data, status, expires_at, signature?, version, content_sha256, languages}); records the client's view; 404 for drafts and withdrawn links.
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { viewProposalByToken } from "@/lib/proposals/proposal-link.service";
import { auditContextOf, isStaffPreview, visitorLangOf } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const GET = route<{ params: Promise<Record<string, string>> }>(
  "ai.proposals.view",
  async (request, { params }) => {
    const token = (await params).token ?? "";
    const proposal = await viewProposalByToken(token, auditContextOf(request), {
      isStaffPreview: await isStaffPreview(request),
      lang: visitorLangOf(request),
    });
    return NextResponse.json(proposal, {
      headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  },
);

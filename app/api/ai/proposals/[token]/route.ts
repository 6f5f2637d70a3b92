// GET /api/ai/proposals/{token}?lang=es|en: the client link's proposal; records the client's view; 404 for drafts and withdrawn links.
import { methods, route } from "@/lib/http/route";
import { viewProposalByToken } from "@/lib/proposals/proposal-link.service";
import { viewProposal } from "@/lib/proposals/proposals.contract";
import { auditContextOf, isStaffPreview, visitorLangOf } from "@/lib/proposals/request-context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(viewProposal, async (request, { params, client, reply }) => {
    const proposal = await viewProposalByToken(params.token, auditContextOf(client), {
      isStaffPreview: await isStaffPreview(request),
      lang: visitorLangOf(request),
    });
    return reply(200, proposal, { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  }),
});

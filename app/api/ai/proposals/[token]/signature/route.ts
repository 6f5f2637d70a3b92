// POST /api/ai/proposals/{token}/signature: the client signs the version they read (contract: lib/proposals/proposals.contract.ts).
import { methods, route } from "@/lib/http/route";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { signProposal } from "@/lib/proposals/proposal-link.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf, visitorLangOf } from "@/lib/proposals/request-context";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(
    contracts.signProposal,
    async (request, { params, body, client, reply }) =>
      reply(
        201,
        await signProposal(
          params.token,
          body,
          auditContextOf(client),
          body.lang ?? visitorLangOf(request),
        ),
      ),
    // Only our own page signs: another site cannot post a signature through the visitor's browser.
    { beforeBody: assertSameOrigin },
  ),
});

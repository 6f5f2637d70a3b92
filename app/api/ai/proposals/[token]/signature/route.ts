// POST /api/ai/proposals/{token}/signature: the client signs ({full_name, role, company, date, image, version | content_sha256 (one required, else 400), lang?}); 409 if signed or (code "changed") if the version is not the current one, 410 if expired, 413 if the image is too large.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { methods, route } from "@/lib/http/route";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { signProposal } from "@/lib/proposals/proposal-link.service";
import {
  SIGNATURE_BODY_MAX_BYTES,
  ZProposalLangQuery,
  ZProposalTokenParams,
  ZSignProposal,
} from "@/lib/proposals/proposal.schema";
import { auditContextOf, visitorLangOf } from "@/lib/proposals/request-context";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    "ai.proposals.sign",
    async (request, { params, client }) => {
      // Only our own page signs: another site cannot post a signature through the visitor's browser.
      assertSameOrigin(request);
      const input = await readJsonBody(request, ZSignProposal, {
        maxBytes: SIGNATURE_BODY_MAX_BYTES,
      });
      return NextResponse.json(
        await signProposal(
          params.token,
          input,
          auditContextOf(client),
          input.lang ?? visitorLangOf(request),
        ),
        { status: 201 },
      );
    },
    { params: ZProposalTokenParams, query: ZProposalLangQuery },
  ),
});

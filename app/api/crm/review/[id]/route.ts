// PATCH /api/crm/review/{id} {decision: accept|discard}: file a held submission as a lead, or discard it.
import { NextResponse } from "next/server";
import { z } from "zod";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { ZReviewDecision } from "@/lib/leads/lead-review.schema";
import { decideHeldSubmission } from "@/lib/leads/lead-review.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  PATCH: staffRoute(
    "crm.review.decide",
    async (request, { params }) =>
      NextResponse.json(
        await decideHeldSubmission(params.id, await readJsonBody(request, ZReviewDecision)),
      ),
    { params: z.object({ id: zRouteId }) },
  ),
});

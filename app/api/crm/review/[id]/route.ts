// PATCH /api/crm/review/{id} {decision: accept|discard}: file a held submission as a lead, or discard it.
import { decideHeld } from "@/lib/crm/crm.contract";
import { decideHeldSubmission } from "@/lib/leads/lead-review.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PATCH: staffRoute(decideHeld, async (_request, { params, body, reply }) =>
    reply(200, await decideHeldSubmission(params.id, body)),
  ),
});

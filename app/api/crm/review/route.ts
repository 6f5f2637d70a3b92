// GET /api/crm/review: lead submissions held back past the global threshold ("Needs review"), newest first.
import { listHeld } from "@/lib/crm/crm.contract";
import { listHeldSubmissions } from "@/lib/leads/lead-review.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(listHeld, async (_request, { reply }) =>
    reply(200, { data: await listHeldSubmissions() }),
  ),
});

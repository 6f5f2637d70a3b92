// POST /api/crm/leads/{id}/move?stage=X: move a lead to another stage (to Lost with the reason); the timeline records it.
import { moveLead } from "@/lib/crm/crm.contract";
import { moveLead as move } from "@/lib/crm/lead.service";
import { readMoveBody } from "@/lib/crm/lost-move-input";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(moveLead, async (request, { params, query, session, reply }) =>
    reply(
      200,
      await move(params.id, query.stage, session, () => readMoveBody(request, query.stage)),
    ),
  ),
});

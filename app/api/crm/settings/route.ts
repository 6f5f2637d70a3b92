// GET /api/crm/settings: days a card may stay in each stage before it is marked. PATCH (managers): replace them.
import * as contracts from "@/lib/crm/crm.contract";
import { getCrmSettings, updateCrmSettings } from "@/lib/crm/deal-value.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getSettings, async (_request, { reply }) =>
    reply(200, await getCrmSettings()),
  ),
  PATCH: staffRoute(contracts.updateSettings, async (_request, { body, session, reply }) =>
    reply(200, await updateCrmSettings(body, session.actorName)),
  ),
});

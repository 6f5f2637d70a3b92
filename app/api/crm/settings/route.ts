// GET /api/crm/settings: stage thresholds (days before a card is marked) and stage probabilities. PATCH (managers): replace either.
import * as contracts from "@/lib/crm/crm.contract";
import { getCrmSettingsView, updateCrmSettings } from "@/lib/crm/deal-value.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getSettings, async (_request, { reply }) =>
    reply(200, await getCrmSettingsView()),
  ),
  PATCH: staffRoute(contracts.updateSettings, async (_request, { body, session, reply }) =>
    reply(200, await updateCrmSettings(body, session.actorName)),
  ),
});

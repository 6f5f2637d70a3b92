// GET /api/staff/settings: the owner's settings (two-factor for everyone; what sales may see and take). PUT: change any of them.
import * as contracts from "@/lib/staff/staff.contract";
import { getStaffSettings, updateStaffSettings } from "@/lib/staff/staff-settings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getStaffSettings, async (_request, { reply }) =>
    reply(200, await getStaffSettings()),
  ),
  PUT: staffRoute(contracts.updateStaffSettings, async (_request, { body, session, reply }) =>
    reply(200, await updateStaffSettings(body, session.account)),
  ),
});

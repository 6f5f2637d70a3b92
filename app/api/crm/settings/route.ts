// GET /api/crm/settings: the CRM's settings (days a card may stay in each stage before it is marked).
// PATCH: a manager replaces them (every stage is given).
import { NextResponse } from "next/server";
import { ZCrmSettings } from "@/lib/crm/deal-value.schema";
import { getCrmSettings, updateCrmSettings } from "@/lib/crm/deal-value.service";
import { readJsonBody } from "@/lib/http/parse";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("crm.settings.get", async () => NextResponse.json(await getCrmSettings())),
  PATCH: staffRoute(
    "crm.settings.update",
    async (request, { session }) =>
      NextResponse.json(
        await updateCrmSettings(await readJsonBody(request, ZCrmSettings), session.actorName),
      ),
    { role: "manager" },
  ),
});

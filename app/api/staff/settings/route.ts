// GET /api/staff/settings: the owner's settings (two-factor for everyone; what sales may see and take). PUT: change any of them.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { ZStaffSettings } from "@/lib/staff/staff-auth.schema";
import { getStaffSettings, updateStaffSettings } from "@/lib/staff/staff-settings.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("staff.settings.get", async () => NextResponse.json(await getStaffSettings()), {
    role: "owner",
  }),
  PUT: staffRoute(
    "staff.settings.update",
    async (request, { session }) =>
      NextResponse.json(
        await updateStaffSettings(await readJsonBody(request, ZStaffSettings), session.account),
      ),
    { role: "owner" },
  ),
});

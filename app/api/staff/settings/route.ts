// GET /api/staff/settings: the staff sign-in settings (owner); PUT: require two-factor for everyone, or not.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { isTwoFactorRequired, setTwoFactorRequired } from "@/lib/staff/account.service";
import { ZStaffSettings } from "@/lib/staff/staff-auth.schema";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "staff.settings.get",
    async () => NextResponse.json({ require_two_factor: await isTwoFactorRequired() }),
    { role: "owner" },
  ),
  PUT: staffRoute(
    "staff.settings.update",
    async (request, { session }) => {
      const { require_two_factor } = await readJsonBody(request, ZStaffSettings);
      return NextResponse.json(await setTwoFactorRequired(require_two_factor, session.account));
    },
    { role: "owner" },
  ),
});

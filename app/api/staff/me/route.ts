// GET /api/staff/me: the signed-in account.
import { me } from "@/lib/staff/staff.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(me, async (_request, { session, reply }) =>
    reply(200, {
      id: session.account.id,
      name: session.account.name,
      email: session.account.email,
      role: session.account.role,
      must_enrol_two_factor: session.mustEnrolTwoFactor,
    }),
  ),
});

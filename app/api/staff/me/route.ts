// GET /api/staff/me: the signed-in account.
import { NextResponse } from "next/server";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "staff.me",
    async (_request, { session }) =>
      NextResponse.json({
        id: session.account.id,
        name: session.account.name,
        email: session.account.email,
        role: session.account.role,
        must_enrol_two_factor: session.mustEnrolTwoFactor,
      }),
    { isOpenBeforeEnrolment: true },
  ),
});

// POST /api/staff/two-factor: start enrolment (QR code); PUT {code}: confirm it and get the backup codes.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { ZConfirmTwoFactor } from "@/lib/staff/staff-auth.schema";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "@/lib/staff/two-factor.service";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "staff.two_factor.start",
    async (_request, { session }) =>
      NextResponse.json(await startTwoFactorEnrolment(session.account)),
    { hasNoBody: true, isOpenBeforeEnrolment: true },
  ),
  PUT: staffRoute(
    "staff.two_factor.confirm",
    async (request, { session }) => {
      const { code } = await readJsonBody(request, ZConfirmTwoFactor);
      return NextResponse.json(await confirmTwoFactorEnrolment(session.account, code));
    },
    { isOpenBeforeEnrolment: true },
  ),
});

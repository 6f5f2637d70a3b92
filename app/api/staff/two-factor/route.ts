// POST /api/staff/two-factor: start enrolment (QR code); PUT {code}: confirm it and get the backup codes.
import * as contracts from "@/lib/staff/staff.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "@/lib/staff/two-factor.service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.startTwoFactor, async (_request, { session, reply }) =>
    reply(200, await startTwoFactorEnrolment(session.account)),
  ),
  PUT: staffRoute(contracts.confirmTwoFactor, async (_request, { body, session, reply }) =>
    reply(200, await confirmTwoFactorEnrolment(session.account, body.code)),
  ),
});

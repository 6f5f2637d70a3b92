// POST /api/staff/password-reset: "forgot password" — a 30-minute link by e-mail when SMTP is configured.
import { methods, route } from "@/lib/http/route";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { requestPasswordReset } from "@/lib/staff/password-reset.service";
import { forgotPassword } from "@/lib/staff/staff.contract";
import { STAFF_RESPONSE_HEADERS } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: route(
      forgotPassword,
      async (_request, { body, client, reply }) =>
        reply(202, await requestPasswordReset(body.email, client.address)),
      { headers: STAFF_RESPONSE_HEADERS, beforeBody: assertStaffOrigin },
    ),
  },
  STAFF_RESPONSE_HEADERS,
);

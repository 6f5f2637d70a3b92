// POST /api/staff/password-reset: "forgot password" — a 30-minute link by e-mail when SMTP is configured.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { methods, route } from "@/lib/http/route";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { requestPasswordReset } from "@/lib/staff/password-reset.service";
import { ZForgotPassword } from "@/lib/staff/staff-auth.schema";
import { STAFF_RESPONSE_HEADERS } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = methods(
  {
    POST: route(
      "staff.password.forgot",
      async (request, { client }) => {
        assertStaffOrigin(request);
        const { email } = await readJsonBody(request, ZForgotPassword, { maxBytes: 1024 });
        return NextResponse.json(await requestPasswordReset(email, client.address), {
          status: 202,
        });
      },
      { headers: STAFF_RESPONSE_HEADERS },
    ),
  },
  STAFF_RESPONSE_HEADERS,
);

// POST /api/staff/password: set a password with a single-use invite or reset link (no session needed).
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { methods, route } from "@/lib/http/route";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { setPasswordWithLink } from "@/lib/staff/account.service";
import { ZSetPassword } from "@/lib/staff/staff-auth.schema";
import { STAFF_RESPONSE_HEADERS } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = methods(
  {
    POST: route(
      "staff.password.set",
      async (request, { client }) => {
        assertStaffOrigin(request);
        const input = await readJsonBody(request, ZSetPassword, { maxBytes: 2048 });
        return NextResponse.json(await setPasswordWithLink(input, client.address));
      },
      { headers: STAFF_RESPONSE_HEADERS },
    ),
  },
  STAFF_RESPONSE_HEADERS,
);

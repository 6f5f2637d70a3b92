// POST /api/staff/password: set a password with a single-use invite or reset link (no session needed).
import { methods, route } from "@/lib/http/route";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { setPasswordWithLink } from "@/lib/staff/account.service";
import { setPassword } from "@/lib/staff/staff.contract";
import { STAFF_RESPONSE_HEADERS } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: route(
      setPassword,
      async (_request, { body, client, reply }) =>
        reply(200, await setPasswordWithLink(body, client.address)),
      { headers: STAFF_RESPONSE_HEADERS, beforeBody: assertStaffOrigin },
    ),
  },
  STAFF_RESPONSE_HEADERS,
);

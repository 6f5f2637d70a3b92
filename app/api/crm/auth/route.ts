// POST /api/crm/auth: sign in with e-mail, password and (when the account has one) a two-factor code; DELETE: lock.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { methods, route } from "@/lib/http/route";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { deviceCookieName, deviceCookieOptions } from "@/lib/staff/known-device";
import { endStaffSession } from "@/lib/staff/session.service";
import { staffCookieName, staffCookieOptions } from "@/lib/staff/session-cookie";
import { signInStaff } from "@/lib/staff/sign-in.service";
import { ZSignIn } from "@/lib/staff/staff-auth.schema";
import { STAFF_RESPONSE_HEADERS } from "@/lib/staff/staff-route";

const unlock = route(
  "crm.auth.sign_in",
  async (request, { client }) => {
    assertStaffOrigin(request);
    const input = await readJsonBody(request, ZSignIn, { maxBytes: 2048 });
    const { token, deviceCookie } = await signInStaff({
      ...input,
      clientAddress: client.address,
      deviceCookie: request.cookies.get(deviceCookieName())?.value,
    });
    const response = NextResponse.json({ ok: true });
    response.cookies.set(staffCookieName(), token, staffCookieOptions());
    response.cookies.set(deviceCookieName(), deviceCookie, deviceCookieOptions());
    return response;
  },
  { headers: STAFF_RESPONSE_HEADERS },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods(
  {
    POST: async (request, context) => withLockScreenFields(await unlock(request, context)),
    DELETE: route(
      "crm.auth.lock",
      async (request) => {
        assertStaffOrigin(request);
        await endStaffSession(request.cookies.get(staffCookieName())?.value);
        const response = NextResponse.json({ ok: true });
        response.cookies.set(staffCookieName(), "", { ...staffCookieOptions(), maxAge: 0 });
        return response;
      },
      { hasNoBody: true, headers: STAFF_RESPONSE_HEADERS },
    ),
  },
  STAFF_RESPONSE_HEADERS,
);

/** The lock screen reads `ok` and `detail` (docs/product.md#lock-screen); the shared error shape stays alongside. */
async function withLockScreenFields(response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = (await response.json()) as { error: { code: string; message: string } };
  return NextResponse.json(
    { ok: false, detail: body.error.message, ...body },
    { status: response.status, headers: response.headers },
  );
}

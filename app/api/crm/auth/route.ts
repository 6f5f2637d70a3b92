// POST /api/crm/auth: sign in with e-mail, password and (when the account has one) a two-factor code; DELETE: lock.
import { NextResponse } from "next/server";
import { methods, route } from "@/lib/http/route";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { deviceCookieName, deviceCookieOptions } from "@/lib/staff/known-device";
import { carryBrowserLangIntoAccount, endStaffSession } from "@/lib/staff/session.service";
import { staffCookieName, staffCookieOptions } from "@/lib/staff/session-cookie";
import { signInStaff } from "@/lib/staff/sign-in.service";
import { STAFF_LOCALE_COOKIE, staffLangOf } from "@/lib/staff/staff-locale";
import { lock, signIn } from "@/lib/staff/staff.contract";
import { STAFF_RESPONSE_HEADERS } from "@/lib/staff/staff-route";

const unlock = route(
  signIn,
  async (request, { body, client, reply }) => {
    const { token, deviceCookie } = await signInStaff({
      ...body,
      clientAddress: client.address,
      deviceCookie: request.cookies.get(deviceCookieName())?.value,
    });
    await carryBrowserLangIntoAccount(
      token,
      staffLangOf(request.cookies.get(STAFF_LOCALE_COOKIE)?.value),
    );
    const response = reply(200, { ok: true });
    response.cookies.set(staffCookieName(), token, staffCookieOptions());
    response.cookies.set(deviceCookieName(), deviceCookie, deviceCookieOptions());
    return response;
  },
  { headers: STAFF_RESPONSE_HEADERS, beforeBody: assertStaffOrigin },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: async (request, context) => withLockScreenFields(await unlock(request, context)),
    DELETE: route(
      lock,
      async (request, { reply }) => {
        assertStaffOrigin(request);
        await endStaffSession(request.cookies.get(staffCookieName())?.value);
        const response = reply(200, { ok: true });
        response.cookies.set(staffCookieName(), "", { ...staffCookieOptions(), maxAge: 0 });
        return response;
      },
      { headers: STAFF_RESPONSE_HEADERS },
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

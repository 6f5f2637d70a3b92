// POST /api/crm/auth: unlock the staff tools with the shared password; DELETE: lock (end the session).
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/http/app-error";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/parse";
import { toErrorResponse } from "@/lib/http/respond";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { endStaffSession } from "@/lib/staff/session.service";
import { staffCookieName, staffCookieOptions } from "@/lib/staff/session-cookie";
import { ZUnlock } from "@/lib/staff/staff-auth.schema";
import { unlockStaff } from "@/lib/staff/unlock.service";

export async function POST(request: NextRequest) {
  try {
    assertSameOrigin(request);
    const { password, name } = await readJsonBody(request, ZUnlock, { maxBytes: 2048 });
    const { token } = await unlockStaff({
      password,
      name,
      clientAddress: clientAddress(request.headers, serverEnv().TRUSTED_PROXY_HOPS),
    });
    const response = NextResponse.json({ ok: true });
    response.cookies.set(staffCookieName(), token, staffCookieOptions());
    return response;
  } catch (error) {
    return withSpecFields(toErrorResponse(error, "crm.auth"), error);
  }
}

export async function DELETE(request: NextRequest) {
  try {
    assertSameOrigin(request);
    await endStaffSession(request.cookies.get(staffCookieName())?.value);
    const response = NextResponse.json({ ok: true });
    response.cookies.set(staffCookieName(), "", { ...staffCookieOptions(), maxAge: 0 });
    return response;
  } catch (error) {
    return toErrorResponse(error, "crm.auth");
  }
}

/** The lock screen reads `ok` and `detail` (docs/product.md#lock-screen); the shared error shape stays alongside. */
async function withSpecFields(response: NextResponse, error: unknown): Promise<NextResponse> {
  const body = (await response.json()) as { error: { message: string } };
  const detail = error instanceof AppError ? body.error.message : "Incorrect password";
  return NextResponse.json(
    { ok: false, detail, ...body },
    { status: response.status, headers: response.headers },
  );
}

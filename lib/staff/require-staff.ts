import "server-only";
import { appError } from "@/lib/http/server-message";
import type { NextRequest } from "next/server";
import { assertStaffOrigin } from "@/lib/http/same-origin";
import { resolveStaffSession, type StaffSession } from "./session.service";
import { staffCookieName } from "./session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The session behind a staff API request, or a 401. State-changing requests must also prove they
 * come from our own pages (Origin, Sec-Fetch-Site or Referer; see assertStaffOrigin), else 403.
 */
export async function requireStaff(request: NextRequest): Promise<StaffSession> {
  if (!SAFE_METHODS.has(request.method)) assertStaffOrigin(request);
  const session = await resolveStaffSession(request.cookies.get(staffCookieName())?.value);
  if (!session) throw appError("unauthenticated", "signInToStaffTools");
  return session;
}

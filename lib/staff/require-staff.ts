import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/app-error";
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
  if (!session) throw new AppError("unauthenticated", "Sign in to the staff tools first.");
  return session;
}

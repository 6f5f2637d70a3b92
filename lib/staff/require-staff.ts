import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/app-error";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { resolveStaffSession, type StaffSession } from "./session.service";
import { staffCookieName } from "./session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The session behind a staff API request, or a 401. State-changing requests must also come from our
 * own pages: the browser's Sec-Fetch-Site / Origin headers tell a cross-site form or fetch apart (403).
 */
export async function requireStaff(request: NextRequest): Promise<StaffSession> {
  if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request);
  const session = await resolveStaffSession(request.cookies.get(staffCookieName())?.value);
  if (!session) throw new AppError("unauthenticated", "Sign in to the staff tools first.");
  return session;
}

import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/app-error";
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

export function assertSameOrigin(request: NextRequest): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new AppError("forbidden", "Cross-site requests are not allowed.");
  }
  const origin = request.headers.get("origin");
  if (origin && origin !== expectedOrigin(request)) throw new AppError("forbidden", "Cross-site requests are not allowed.");
}

function expectedOrigin(request: NextRequest): string {
  // Behind a proxy the public host arrives in X-Forwarded-Host; directly, Host is the truth.
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? request.nextUrl.host;
  const protocol = request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(":", "");
  return `${protocol}://${host}`;
}

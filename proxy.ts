import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { routing } from "@/lib/i18n/routing";
import { buildContentSecurityPolicy } from "@/lib/security/headers";
import { site } from "@/lib/site";
import {
  defaultStaffLocale,
  isStaffPagePath,
  isUnlocalisedPath,
  STAFF_DEFAULT_LOCALE_HEADER,
} from "@/lib/staff/staff-paths";
import { themeScriptCspHash } from "@/lib/theme/theme-script";

const localise = createMiddleware(routing);
const isDev = process.env.NODE_ENV !== "production";

// Routing and headers only. Access control never lives here: every staff page and handler checks the session itself.
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isStaffPagePath(pathname)) return withNonceCsp(request);
  if (isUnlocalisedPath(pathname)) return NextResponse.next();
  // `/` Spanish, `/en/…` English, `/es/…` redirected to `/…`.
  return localise(request);
}

/** Staff pages render per request, so their scripts can carry a fresh nonce instead of 'unsafe-inline'. */
function withNonceCsp(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const policy = buildContentSecurityPolicy({
    isDev,
    site,
    nonce,
    scriptHashes: [themeScriptCspHash],
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set(STAFF_DEFAULT_LOCALE_HEADER, defaultStaffLocale(request.nextUrl.pathname));
  // Next.js reads the policy from the request to put the nonce on its own scripts.
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Everything except API routes, Next internals and files with an extension.
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};

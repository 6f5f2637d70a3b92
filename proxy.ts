import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { routing } from "@/lib/i18n/routing";
import {
  CLIENT_LINK_LANG_HEADER,
  CLOSED_CLIENT_LINK_HEADER,
  CLOSED_CLIENT_LINK_PATH,
  clientLinkTokenOf,
  isClientLinkOpenToVisitors,
} from "@/lib/proposals/client-link-gate";
import { buildContentSecurityPolicy } from "@/lib/security/headers";
import { site } from "@/lib/site";
import { isPublicEntryMissing, publicEntryOf } from "@/lib/content/entry-gate";
import { isStaffPagePath, isUnlocalisedPath } from "@/lib/staff/staff-paths";
import { staffCookieName } from "@/lib/staff/session-cookie";
import { themeScriptCspHash } from "@/lib/theme/theme-script";

const localise = createMiddleware(routing);
const isDev = process.env.NODE_ENV !== "production";

// Routing and headers only. Access control never lives here: every staff page and handler checks the session
// itself, and the client link page checks its token even after routeClientLink let it through.
export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isStaffPagePath(pathname)) return withNonceCsp(request);
  const clientLinkToken = clientLinkTokenOf(pathname);
  if (clientLinkToken !== null) return routeClientLink(request, clientLinkToken);
  if (isUnlocalisedPath(pathname)) return NextResponse.next();
  const entry = publicEntryOf(pathname);
  if (entry && (await isPublicEntryMissing(entry).catch(() => false))) {
    // A private folder name matches no route: the site's full 404 (app/global-not-found.tsx) in the
    // entry's language, rendered on the server with its links.
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("x-next-intl-locale", entry.locale);
    return NextResponse.rewrite(new URL(`/${entry.locale}/_missing-entry`, request.url), {
      request: { headers: requestHeaders },
    });
  }
  // `/` Spanish, `/en/…` English, `/es/…` redirected to `/…`.
  return localise(request);
}

/**
 * A client link that does not open goes to the server-rendered 404 (see CLOSED_CLIENT_LINK_HEADER). Staff
 * may preview drafts, so with a staff cookie the page decides; so it does when the database cannot answer.
 */
async function routeClientLink(request: NextRequest, token: string) {
  const requestHeaders = new Headers(request.headers);
  const askedLang = request.nextUrl.searchParams.get("lang");
  requestHeaders.set(
    CLIENT_LINK_LANG_HEADER,
    askedLang === "es" || askedLang === "en" ? askedLang : "",
  );
  const open = () => NextResponse.next({ request: { headers: requestHeaders } });
  if (request.cookies.has(staffCookieName())) return open();
  let isOpen: boolean;
  try {
    isOpen = await isClientLinkOpenToVisitors(token);
  } catch {
    return open();
  }
  if (isOpen) return open();
  requestHeaders.set(CLOSED_CLIENT_LINK_HEADER, "1");
  return NextResponse.rewrite(new URL(CLOSED_CLIENT_LINK_PATH, request.url), {
    request: { headers: requestHeaders },
  });
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

/** Pages of the staff tools: rendered per request with a nonce-based CSP, never localised by URL. */
export const STAFF_PAGE_PREFIXES = ["/crm", "/analytics", "/proposal/new", "/proposal/db"] as const;

/** The browser's staff language, for the lock screen (signed in, the account's setting decides). */
export const STAFF_LOCALE_COOKIE = "avanza_staff_lang";

/** Public pages outside the `/en` scheme: they switch language in place (client proposals, the /optin landing). */
export const UNLOCALISED_PAGE_PREFIXES = ["/proposal", "/proposals", "/optin"] as const;

const hasPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

export function isStaffPagePath(pathname: string): boolean {
  return STAFF_PAGE_PREFIXES.some((prefix) => hasPrefix(pathname, prefix));
}

export function isUnlocalisedPath(pathname: string): boolean {
  return (
    isStaffPagePath(pathname) ||
    UNLOCALISED_PAGE_PREFIXES.some((prefix) => hasPrefix(pathname, prefix))
  );
}

/** next.config `headers()` source matching every path except staff pages (they get their CSP from proxy.ts). */
export const NON_STAFF_PATHS_SOURCE = `/:path((?!${STAFF_PAGE_PREFIXES.map((p) => `${p.slice(1)}(?:/|$)`).join("|")}).*)`;

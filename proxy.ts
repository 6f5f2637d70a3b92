import createMiddleware from "next-intl/middleware";
import { routing } from "@/lib/i18n/routing";

// Locale routing only: `/` Spanish, `/en/…` English, `/es/…` redirected to `/…`.
// Access control never lives here; every staff page and handler checks the session itself.
export default createMiddleware(routing);

export const config = {
  // Everything except API routes, Next internals, staff tools (own layout, not localised by URL) and files with an extension.
  matcher: ["/((?!(?:api|_next|_vercel|crm|analytics|proposals?)(?:/|$)|.*\\..*).*)"],
};

import "server-only";
import { cookies, headers } from "next/headers";
import type { Locale } from "@/lib/i18n/routing";
import { STAFF_DEFAULT_LOCALE_HEADER } from "./staff-paths";

export const STAFF_LOCALE_COOKIE = "avanza_staff_lang";

/**
 * Staff tools speak English by default (as the original CRM did), the analytics dashboard Spanish
 * (proxy.ts passes the page's default); a choice made with the header's toggle is kept in a cookie.
 */
export async function getStaffLocale(): Promise<Locale> {
  const value =
    (await cookies()).get(STAFF_LOCALE_COOKIE)?.value ??
    (await headers()).get(STAFF_DEFAULT_LOCALE_HEADER);
  return value === "es" ? "es" : "en";
}

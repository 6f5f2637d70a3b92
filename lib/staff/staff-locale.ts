import "server-only";
import { cookies } from "next/headers";
import type { Locale } from "@/lib/i18n/routing";

export const STAFF_LOCALE_COOKIE = "avanza_staff_lang";

/** Staff tools speak English by default (as the original CRM did); the choice is kept in a cookie. */
export async function getStaffLocale(): Promise<Locale> {
  const value = (await cookies()).get(STAFF_LOCALE_COOKIE)?.value;
  return value === "es" ? "es" : "en";
}

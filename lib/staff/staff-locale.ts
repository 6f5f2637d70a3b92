import "server-only";
import { cookies } from "next/headers";
import type { Locale } from "@/lib/i18n/routing";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { getStaffSession } from "./staff-page";
import { STAFF_LOCALE_COOKIE } from "./staff-paths";

export { STAFF_LOCALE_COOKIE };
/** An account's language until it picks one (the column's default), and the lock screen's on a new browser. */
export const DEFAULT_STAFF_LOCALE: Locale = "es";

export function staffLangOf(value: string | null | undefined): Locale | undefined {
  return value === "es" || value === "en" ? value : undefined;
}

/**
 * The staff tools' language: one setting per account (`staff_accounts.lang`), the same in every tool and in
 * the account's e-mails; the header's switch changes it (PUT /api/staff/language). Signed out (the lock
 * screen) there is no account yet, so the browser's last language (a cookie) decides, Spanish on a new one.
 */
export async function getStaffLocale(): Promise<Locale> {
  try {
    const session = await getStaffSession();
    if (session?.lang) return session.lang;
  } catch (error) {
    // A database that cannot be reached shows the lock screen; it still needs a language.
    if (!isDatabaseUnavailable(error)) throw error;
  }
  return staffLangOf((await cookies()).get(STAFF_LOCALE_COOKIE)?.value) ?? DEFAULT_STAFF_LOCALE;
}

import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { recordStaffLang, resolveStaffSession, type StaffSession } from "./session.service";
import { getStaffLocale } from "./staff-locale";
import { staffCookieName } from "./session-cookie";

/** For staff pages and server actions: the current session, or null (the page then shows the lock screen). */
export async function getStaffSession(): Promise<StaffSession | null> {
  const store = await cookies();
  return resolveStaffSession(store.get(staffCookieName())?.value);
}

/**
 * Like getStaffSession, but a database that cannot be reached is reported instead of thrown, so the
 * page can show the lock screen saying the service is unavailable rather than an error page.
 */
export async function getStaffAccess(options: { isOpenBeforeEnrolment?: boolean } = {}): Promise<{
  session: StaffSession | null;
  isUnavailable: boolean;
}> {
  let session: StaffSession | null;
  try {
    session = await getStaffSession();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error("[staff] database unavailable", (error as Error).message);
    return { session: null, isUnavailable: true };
  }
  // E-mails to this account (alerts, digest) use the language it last used the staff tools in; a
  // failure to note it must not cost the person their page.
  if (session)
    await recordStaffLang(session, await getStaffLocale()).catch((error: unknown) =>
      console.error("[staff] could not record the account's language", error),
    );
  // The owner requires two-factor: an account without it sees only its enrolment page.
  if (session?.mustEnrolTwoFactor && !options.isOpenBeforeEnrolment) redirect("/crm/account");
  return { session, isUnavailable: false };
}

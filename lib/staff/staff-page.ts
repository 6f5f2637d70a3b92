import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { redirect } from "next/navigation";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { resolveStaffSession, type StaffSession } from "./session.service";
import { staffCookieName } from "./session-cookie";

/**
 * For staff pages and server actions: the current session, or null (the page then shows the lock screen).
 * Read once per render: the layout (for the account's language) and the page both ask for it.
 */
export const getStaffSession = cache(async (): Promise<StaffSession | null> => {
  const store = await cookies();
  return resolveStaffSession(store.get(staffCookieName())?.value);
});

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
  // The owner requires two-factor: an account without it sees only its enrolment page.
  if (session?.mustEnrolTwoFactor && !options.isOpenBeforeEnrolment) redirect("/crm/account");
  return { session, isUnavailable: false };
}

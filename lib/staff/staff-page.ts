import "server-only";
import { cookies } from "next/headers";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { resolveStaffSession, type StaffSession } from "./session.service";
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
export async function getStaffAccess(): Promise<{
  session: StaffSession | null;
  isUnavailable: boolean;
}> {
  try {
    return { session: await getStaffSession(), isUnavailable: false };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error("[staff] database unavailable", (error as Error).message);
    return { session: null, isUnavailable: true };
  }
}

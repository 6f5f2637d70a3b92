import "server-only";
import { cookies } from "next/headers";
import { resolveStaffSession, type StaffSession } from "./session.service";
import { staffCookieName } from "./session-cookie";

/** For staff pages and server actions: the current session, or null (the page then shows the lock screen). */
export async function getStaffSession(): Promise<StaffSession | null> {
  const store = await cookies();
  return resolveStaffSession(store.get(staffCookieName())?.value);
}

import "server-only";
import { createFormatter } from "next-intl";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { staffTimeZoneOf } from "@/lib/meetings/staff-meetings.service";
import { getStaffSession } from "@/lib/staff/staff-page";

/**
 * The zone staff tools show times in: the one the account keeps its meeting hours in, else the team's
 * default (the same zone its bookable hours fall back to). One zone for the server render and the
 * browser, so a meeting, its timeline entry and a scheduled article read the same clock on every screen
 * (docs/product.md#meetings).
 */
export async function getStaffTimeZone(): Promise<string> {
  try {
    return staffTimeZoneOf(await getStaffSession());
  } catch (error) {
    // The lock screen still renders when the database cannot answer.
    if (!isDatabaseUnavailable(error)) throw error;
    return staffTimeZoneOf(null);
  }
}

/** A server component's formatter in the staff member's language and zone. */
export async function getStaffFormatter(locale: "es" | "en") {
  return createFormatter({ locale, timeZone: await getStaffTimeZone() });
}

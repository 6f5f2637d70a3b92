import { MAX_MEETING_LIST_DAYS } from "@/lib/meetings/staff-meetings.schema";
import { addDays, dateIn, instantAt, weekdayOf } from "@/lib/meetings/time-zones";

/** The spans "My meetings" shows, one at a time (shared by the page, which reads ?span=, and the list). */
export const MEETING_SPANS = ["today", "week", "upcoming", "past"] as const;
export type MeetingSpan = (typeof MEETING_SPANS)[number];

const DAY_MS = 86_400_000;
const PAST_DAYS = 60;

/**
 * The instants a span covers, in the viewer's own calendar: days start at midnight in `timeZone`, the
 * zone the staff screens show times in (the week runs Monday to Sunday). "Coming up" reaches as far as
 * any meeting type can be booked ahead, so every meeting still to come is in it: the accounts page counts
 * a leaver's upcoming meetings and links here to hand them over.
 */
export function rangeOfSpan(
  span: MeetingSpan,
  now: Date,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): { from: string; to: string } {
  const iso = (date: Date) => date.toISOString();
  const today = dateIn(now, timeZone);
  const midnight = (offset: number) => iso(instantAt(addDays(today, offset), "00:00", timeZone));
  switch (span) {
    case "today":
      return { from: midnight(0), to: midnight(1) };
    case "week": {
      const sinceMonday = (weekdayOf(today) + 6) % 7;
      return { from: midnight(-sinceMonday), to: midnight(7 - sinceMonday) };
    }
    case "upcoming":
      return { from: iso(now), to: iso(new Date(now.getTime() + MAX_MEETING_LIST_DAYS * DAY_MS)) };
    case "past":
      return { from: iso(new Date(now.getTime() - PAST_DAYS * DAY_MS)), to: iso(now) };
  }
}

import { MAX_MEETING_LIST_DAYS } from "@/lib/meetings/staff-meetings.schema";

/** The spans "My meetings" shows, one at a time (shared by the page, which reads ?span=, and the list). */
export const MEETING_SPANS = ["today", "week", "upcoming", "past"] as const;
export type MeetingSpan = (typeof MEETING_SPANS)[number];

const DAY_MS = 86_400_000;
const PAST_DAYS = 60;

/** Local midnight of the day `offset` days from `now`, in the viewer's zone. */
function midnight(now: Date, offset = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
}

/**
 * The instants a span covers, in the viewer's own calendar (the week runs Monday to Sunday). "Coming up"
 * reaches as far as any meeting type can be booked ahead, so every meeting still to come is in it: the
 * accounts page counts a leaver's upcoming meetings and links here to hand them over.
 */
export function rangeOfSpan(span: MeetingSpan, now: Date): { from: string; to: string } {
  const iso = (date: Date) => date.toISOString();
  switch (span) {
    case "today":
      return { from: iso(midnight(now)), to: iso(midnight(now, 1)) };
    case "week": {
      const sinceMonday = (now.getDay() + 6) % 7;
      return { from: iso(midnight(now, -sinceMonday)), to: iso(midnight(now, 7 - sinceMonday)) };
    }
    case "upcoming":
      return { from: iso(now), to: iso(new Date(now.getTime() + MAX_MEETING_LIST_DAYS * DAY_MS)) };
    case "past":
      return { from: iso(new Date(now.getTime() - PAST_DAYS * DAY_MS)), to: iso(now) };
  }
}

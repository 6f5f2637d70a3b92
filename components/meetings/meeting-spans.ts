/** The spans "My meetings" shows, one at a time (shared by the page, which reads ?span=, and the list). */
export const MEETING_SPANS = ["today", "week", "upcoming", "past"] as const;
export type MeetingSpan = (typeof MEETING_SPANS)[number];

import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
} from "ical-generator";
import { stripControlCharacters } from "@/lib/booking/booking.service";

/** Bidi overrides and isolates too: a name must read in a calendar as it was typed, not reordered. */
const clean = (text: string) =>
  stripControlCharacters(text).replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");

export interface MeetingInvitation {
  /** The meeting's id: with the domain, the event's UID for every later update. */
  meetingId: string;
  domain: string;
  productName: string;
  lang: "es" | "en";
  /** REQUEST for a new or moved meeting, CANCEL once cancelled. */
  method: "REQUEST" | "CANCEL";
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  now: Date;
}

/** One event in an iTIP message (RFC 5546): calendars file it, update it or remove it by UID and SEQUENCE. */
export function buildMeetingIcs(invitation: MeetingInvitation): string {
  const isCancel = invitation.method === "CANCEL";
  const calendar = ical({
    prodId: {
      company: clean(invitation.productName),
      product: "Meetings",
      language: invitation.lang.toUpperCase(),
    },
    method: isCancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${invitation.meetingId}@${clean(invitation.domain)}`,
    sequence: invitation.sequence,
    stamp: invitation.now,
    start: invitation.start,
    end: invitation.end,
    summary: clean(invitation.summary),
    description: clean(invitation.description),
    location: invitation.location ? clean(invitation.location) : null,
    organizer: { name: clean(invitation.organizer.name), email: invitation.organizer.email },
    attendees: [
      {
        name: clean(invitation.attendee.name),
        email: invitation.attendee.email,
        rsvp: !isCancel,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
    status: isCancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
  });
  return `${calendar.toString()}\r\n`;
}

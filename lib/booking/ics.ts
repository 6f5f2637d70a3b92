import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { TIME_ZONE_OFFSETS, type TBookingIcsQuery } from "./booking.schema";

/** Calls are 45–60 minutes; the calendar blocks the full hour. */
export const CALL_DURATION_MINUTES = 60;

interface IcsEvent extends TBookingIcsQuery {
  description: string;
  /** Host used to make the UID globally unique, e.g. "avanza.example". */
  domain: string;
  productName: string;
  now: Date;
}

/**
 * Control characters (a bare CR included) and Unicode line separators become spaces: some
 * calendar apps treat them as line breaks, which would let a value start a property of its own.
 * Escaping and folding are left to ical-generator.
 */
export function stripControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, " ");
}

/**
 * A one-event calendar file. With a named zone the times are converted to UTC; without one they
 * are "floating" local times, which calendars show as written.
 */
export function buildBookingIcs(event: IcsEvent): string {
  const [year, month, day] = event.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = event.time.split(":").map(Number) as [number, number];
  const offsetHours = event.zone ? TIME_ZONE_OFFSETS[event.zone] : 0;
  // For a floating time ical-generator writes the Date's UTC fields without the Z: the wall clock as given.
  const start = new Date(Date.UTC(year, month - 1, day, hour - offsetHours, minute));
  const end = new Date(start.getTime() + CALL_DURATION_MINUTES * 60_000);
  const clean = stripControlCharacters;

  const calendar = ical({
    prodId: {
      company: clean(event.productName),
      product: "Booking confirmation",
      language: event.lang.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${clean(event.id)}@${clean(event.domain)}`,
    stamp: event.now,
    start,
    end,
    floating: !event.zone,
    summary: clean(event.service),
    description: clean(event.description),
    status: ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
  });
  // Every line, the last included, ends in CRLF.
  return `${calendar.toString()}\r\n`;
}

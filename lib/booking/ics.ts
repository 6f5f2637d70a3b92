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

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (value: number) => String(value).padStart(2, "0");
const utcStamp = (date: Date) =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
const floatingStamp = (date: Date) => utcStamp(date).slice(0, -1);

/**
 * A one-event calendar file. With a named zone the times are converted to UTC; without one they
 * are "floating" local times (RFC 5545 §3.3.5), which calendars show as written.
 */
export function buildBookingIcs(event: IcsEvent): string {
  const [year, month, day] = event.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = event.time.split(":").map(Number) as [number, number];
  const offsetHours = event.zone ? TIME_ZONE_OFFSETS[event.zone] : 0;
  const start = new Date(Date.UTC(year, month - 1, day, hour - offsetHours, minute));
  const end = new Date(start.getTime() + CALL_DURATION_MINUTES * 60_000);
  const stamp = event.zone ? utcStamp : floatingStamp;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeIcsText(event.productName)}//Booking confirmation//${event.lang.toUpperCase()}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.id}@${event.domain}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeIcsText(event.service)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

import { z } from "zod";
import {
  BOOKING_LIMITS,
  TIME_ZONE_OFFSETS,
  ZConfirmationId,
  ZIsoDate,
  type TimeZoneName,
} from "./booking.schema";

/** Defaults shown when a parameter is missing or does not parse (docs/product.md#booking-confirmation). */
export const BOOKING_DEFAULTS = {
  email: "demo@example.com",
  date: "2025-09-15",
  time: { hour: 10, minute: 0, zone: "EST" as TimeZoneName | undefined },
} as const;

export type BookingQuery = Record<string, string | string[] | undefined>;

export interface BookingTime {
  hour: number;
  minute: number;
  /** Absent when the booking named no zone: the time is then local to whoever reads it. */
  zone?: TimeZoneName;
}

/** What the confirmation page shows. `name` and `service` are null when the page should use its localised default. */
export interface BookingView {
  name: string | null;
  email: string;
  date: string;
  time: BookingTime;
  service: string | null;
  confirmationId: string;
  /** True only when the visitor's own date and time both parsed, so a calendar entry describes a real booking. */
  hasOwnSchedule: boolean;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Free text from the address bar: no control characters, single spaces, cut to `max` characters. */
export function cleanText(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  const cleaned = value
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned ? Array.from(cleaned).slice(0, max).join("").trim() : null;
}

/**
 * Reads "10:00", "14:30", "10:00 AM", "2:30 pm EST" or "10:00 AM (EST)".
 * Returns null for anything else, including an unknown zone.
 */
export function parseBookingTime(value: string | undefined): BookingTime | null {
  if (!value || value.length > 40) return null;
  const match =
    /^\s*(\d{1,2}):(\d{2})\s*(?:([ap])\.?\s*m\.?)?\s*(?:\(\s*([a-z]{3})\s*\)|([a-z]{3}))?\s*$/i.exec(
      value,
    );
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  const zone = (match[4] ?? match[5])?.toUpperCase();
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  if (zone !== undefined && !(zone in TIME_ZONE_OFFSETS)) return null;
  return { hour, minute, zone: zone as TimeZoneName | undefined };
}

/** `AV-` plus the last six digits of the current timestamp. */
export function defaultConfirmationId(now: number): string {
  return `AV-${String(now).slice(-6)}`;
}

/** Untrusted query → what the page shows; every value that is missing or does not parse falls back on its own. */
export function readBookingQuery(query: BookingQuery, now: number = Date.now()): BookingView {
  const email = cleanText(first(query.email), BOOKING_LIMITS.email);
  const date = first(query.date)?.trim();
  const time = parseBookingTime(first(query.time));
  const id = first(query.id)?.trim();
  const isDateValid = date !== undefined && ZIsoDate.safeParse(date).success;
  return {
    name: cleanText(first(query.name), BOOKING_LIMITS.name),
    email: email && z.email().safeParse(email).success ? email : BOOKING_DEFAULTS.email,
    date: isDateValid ? date : BOOKING_DEFAULTS.date,
    time: time ?? { ...BOOKING_DEFAULTS.time },
    service: cleanText(first(query.service), BOOKING_LIMITS.service),
    confirmationId: id && ZConfirmationId.safeParse(id).success ? id : defaultConfirmationId(now),
    hasOwnSchedule: isDateValid && time !== null,
  };
}

/** HH:MM in 24-hour form, as the calendar endpoint takes it. */
export const time24 = ({ hour, minute }: BookingTime) =>
  `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

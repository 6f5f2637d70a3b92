import { z } from "zod";

/** Time zones a booking time may name, with their offset from UTC in hours. */
export const TIME_ZONE_OFFSETS = {
  EST: -5,
  EDT: -4,
  CST: -6,
  CDT: -5,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
  UTC: 0,
  GMT: 0,
} as const;
export type TimeZoneName = keyof typeof TIME_ZONE_OFFSETS;
const TIME_ZONE_NAMES = Object.keys(TIME_ZONE_OFFSETS) as [TimeZoneName, ...TimeZoneName[]];

/** Longest value of each query parameter that the page shows; longer text is cut, never rejected. */
export const BOOKING_LIMITS = { name: 80, email: 254, service: 120 } as const;

const isRealDate = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

/** A calendar date written YYYY-MM-DD that exists (no 2025-02-30). */
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
  .refine(isRealDate, "This date does not exist.");

/** 24-hour time, HH:MM. */
export const ZTime24 = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use 24-hour time, HH:MM.");

/** Confirmation numbers we issue look like AV-123456; any short letters-digits-dashes code is accepted. */
export const ZConfirmationId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/, "Letters, digits and dashes, up to 32 characters.");

export const ZTimeZoneName = z.enum(TIME_ZONE_NAMES);

/** Query of GET /api/booking/ics: one event, already normalised by the confirmation page. */
export const ZBookingIcsQuery = z.strictObject({
  date: ZIsoDate,
  time: ZTime24,
  zone: ZTimeZoneName.optional(),
  service: z.string().trim().min(1).max(BOOKING_LIMITS.service),
  id: ZConfirmationId,
  lang: z.enum(["es", "en"]).default("es"),
});
export type TBookingIcsQuery = z.infer<typeof ZBookingIcsQuery>;

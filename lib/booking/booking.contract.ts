/** The booking confirmation's calendar file (lib/http/contract.ts). */
import { defineContract, fileAnswer } from "@/lib/http/contract";
import { ZBookingIcsQuery } from "./booking.schema";

export const bookingIcs = defineContract({
  operationId: "getBookingCalendarFile",
  method: "GET",
  path: "/api/booking/ics",
  tag: "booking",
  access: "public",
  isDatabaseFree: true,
  summary: 'The booking confirmation page\'s "Add to calendar" file (RFC 5545).',
  query: ZBookingIcsQuery,
  responses: { 200: fileAnswer("An iCalendar file.", "text/calendar") },
});

export const BOOKING_CONTRACTS = [bookingIcs];

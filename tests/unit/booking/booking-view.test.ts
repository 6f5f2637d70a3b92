import { describe, expect, it } from "vitest";
import {
  BOOKING_DEFAULTS,
  defaultConfirmationId,
  parseBookingTime,
  readBookingQuery,
} from "@/lib/booking/booking-view";

const NOW = 1_757_934_123_456;

describe("booking confirmation query", () => {
  it("shows the visitor's own values when they parse", () => {
    const view = readBookingQuery(
      {
        name: "Ana López",
        email: "ana@example.com",
        date: "2025-10-02",
        time: "3:30 PM (EST)",
        service: "Voice agent demo",
        id: "AV-778899",
      },
      NOW,
    );
    expect(view).toEqual({
      name: "Ana López",
      email: "ana@example.com",
      date: "2025-10-02",
      time: { hour: 15, minute: 30, zone: "EST" },
      service: "Voice agent demo",
      confirmationId: "AV-778899",
      hasOwnSchedule: true,
    });
  });

  it("falls back to the spec's defaults when nothing is given", () => {
    const view = readBookingQuery({}, NOW);
    expect(view).toMatchObject({
      name: null,
      service: null,
      email: BOOKING_DEFAULTS.email,
      date: "2025-09-15",
      hasOwnSchedule: false,
    });
    expect(view.time).toEqual({ hour: 10, minute: 0, zone: "EST" });
    expect(view.confirmationId).toBe("AV-123456");
  });

  it("replaces each value that does not parse with its own default, keeping the others", () => {
    const view = readBookingQuery(
      { name: "Luis", email: "not-an-email", date: "2025-02-30", time: "25:99", id: "<b>x</b>" },
      NOW,
    );
    expect(view.name).toBe("Luis");
    expect(view.email).toBe(BOOKING_DEFAULTS.email);
    expect(view.date).toBe(BOOKING_DEFAULTS.date);
    expect(view.time).toEqual(BOOKING_DEFAULTS.time);
    expect(view.confirmationId).toBe(defaultConfirmationId(NOW));
    expect(view.hasOwnSchedule).toBe(false);
  });

  it("caps free text and strips control characters instead of rejecting it", () => {
    const view = readBookingQuery(
      { name: `${"n".repeat(200)}`, service: "AI\u0000 strategy\n\tsession" },
      NOW,
    );
    expect(view.name).toHaveLength(80);
    expect(view.service).toBe("AI strategy session");
  });

  it("takes the first value when a parameter is repeated, and treats blank text as absent", () => {
    expect(readBookingQuery({ name: ["Eva", "Mallory"], service: "   " }, NOW)).toMatchObject({
      name: "Eva",
      service: null,
    });
  });
});

describe("booking time", () => {
  it.each([
    ["10:00", { hour: 10, minute: 0, zone: undefined }],
    ["14:30", { hour: 14, minute: 30, zone: undefined }],
    ["12:15 am", { hour: 0, minute: 15, zone: undefined }],
    ["12:00 PM PST", { hour: 12, minute: 0, zone: "PST" }],
    ["9:05 p.m. (cdt)", { hour: 21, minute: 5, zone: "CDT" }],
  ])("reads %s", (input, expected) => {
    expect(parseBookingTime(input)).toEqual(expected);
  });

  it.each(["24:00", "13:00 PM", "0:30 AM", "10:60", "10:00 XYZ", "ten o'clock", ""])(
    "rejects %s",
    (input) => {
      expect(parseBookingTime(input)).toBeNull();
    },
  );
});

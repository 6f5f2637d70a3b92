import { describe, expect, it } from "vitest";
import { ZBookingIcsQuery } from "@/lib/booking/booking.schema";
import { buildBookingIcs } from "@/lib/booking/ics";

const base = {
  date: "2025-09-15",
  time: "10:00",
  zone: "EST" as const,
  service: "AI Strategy Consultation",
  id: "AV-123456",
  lang: "en" as const,
  description: "Confirmation number AV-123456.",
  domain: "avanza.example",
  productName: "Avanza AI",
  now: new Date("2025-09-01T08:09:10Z"),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, "");
const property = (ics: string, name: string) =>
  unfold(ics)
    .split("\r\n")
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe("booking calendar file", () => {
  it("is one VEVENT with a unique UID, a UTC DTSTAMP and the service as summary", () => {
    const ics = buildBookingIcs(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(property(ics, "UID")).toBe("AV-123456@avanza.example");
    expect(property(ics, "DTSTAMP")).toBe("20250901T080910Z");
    expect(property(ics, "SUMMARY")).toBe("AI Strategy Consultation");
    expect(ics).not.toMatch(/[^\r]\n/); // every line ends in CRLF
  });

  it("converts a named zone to UTC and blocks one hour", () => {
    const ics = buildBookingIcs(base);
    expect(property(ics, "DTSTART")).toBe("20250915T150000Z");
    expect(property(ics, "DTEND")).toBe("20250915T160000Z");
  });

  it("keeps a time without zone floating, as written", () => {
    const ics = buildBookingIcs({ ...base, zone: undefined, time: "23:30" });
    expect(property(ics, "DTSTART")).toBe("20250915T233000");
    expect(property(ics, "DTEND")).toBe("20250916T003000");
  });

  it("escapes text so a service name cannot add properties", () => {
    const ics = buildBookingIcs({ ...base, service: "Demo,a;b\\c\nATTENDEE:mailto:x@y.z" });
    expect(unfold(ics)).not.toMatch(/\r\nATTENDEE/);
    expect(property(ics, "SUMMARY")).toBe("Demo\\,a\\;b\\\\c ATTENDEE:mailto:x@y.z");
  });

  it("removes a bare CR and every other control character from every value", () => {
    const ics = buildBookingIcs({
      ...base,
      service: "Demo\rATTENDEE:mailto:x@y.z\u0000\u0007\u2028END",
      description: "Line\r\nDTSTART:20000101T000000Z\u001b",
    });
    // The only CRs left are the line endings (each followed by LF).
    expect(ics).not.toMatch(/\r(?!\n)/);
    expect(ics).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u2028]/);
    expect(unfold(ics).match(/\r\nDTSTART/g)).toHaveLength(1);
    expect(unfold(ics)).not.toMatch(/\r\nATTENDEE/);
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const ics = buildBookingIcs({ ...base, description: "ñ".repeat(120) });
    for (const part of ics.split("\r\n"))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(property(ics, "DESCRIPTION")).toBe("ñ".repeat(120));
  });
});

describe("calendar query", () => {
  it("accepts what the confirmation page sends", () => {
    expect(
      ZBookingIcsQuery.safeParse({
        date: "2025-09-15",
        time: "10:00",
        zone: "EST",
        service: "X",
        id: "AV-1",
      }).success,
    ).toBe(true);
  });

  it.each([
    { date: "2025-02-30" },
    { time: "7pm" },
    { zone: "XYZ" },
    { id: "AV 1<script>" },
    { service: "" },
    { service: "s".repeat(121) },
  ])("rejects %o", (override) => {
    expect(
      ZBookingIcsQuery.safeParse({
        date: "2025-09-15",
        time: "10:00",
        service: "X",
        id: "AV-1",
        ...override,
      }).success,
    ).toBe(false);
  });
});

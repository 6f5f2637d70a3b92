// How a CalDAV answer becomes busy times: the multistatus's calendar data whatever its prefixes and
// escaping, and the iCalendar rules a calendar app relies on (recurrences with exceptions, all-day and
// floating times in the host's zone, free and cancelled events, free/busy periods, our own invitations).
import { describe, expect, it } from "vitest";
import { busyIntervalsOf, calendarDataOf, CalendarReadError } from "@/lib/meetings/caldav";

const ics = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
const vevent = (...lines: string[]) => [
  "BEGIN:VEVENT",
  "DTSTAMP:20261101T000000Z",
  ...lines,
  "END:VEVENT",
];
const RANGE = { from: new Date("2026-12-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") };
const iso = (intervals: { start: Date; end: Date }[]) =>
  intervals.map((busy) => [busy.start.toISOString(), busy.end.toISOString()]);

describe("calendarDataOf", () => {
  it("reads calendar-data under any prefix, escaped or in CDATA, and skips empty ones", () => {
    const xml = `<?xml version="1.0"?>
<D:multistatus xmlns:D="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav">
  <D:response><D:propstat><D:prop><CAL:calendar-data>BEGIN:VCALENDAR&#13;
SUMMARY:R&amp;D &lt;team&gt;
END:VCALENDAR</CAL:calendar-data></D:prop></D:propstat></D:response>
  <D:response><D:propstat><D:prop><CAL:calendar-data><![CDATA[BEGIN:VCALENDAR
SUMMARY:a <b> & c
END:VCALENDAR]]></CAL:calendar-data></D:prop></D:propstat></D:response>
  <D:response><D:propstat><D:prop><CAL:calendar-data/></D:prop></D:propstat></D:response>
</D:multistatus>`;
    expect(calendarDataOf(xml)).toEqual([
      "BEGIN:VCALENDAR\r\nSUMMARY:R&D <team>\nEND:VCALENDAR",
      "BEGIN:VCALENDAR\nSUMMARY:a <b> & c\nEND:VCALENDAR",
    ]);
  });

  it("refuses an answer that is not a multistatus", () => {
    expect(() => calendarDataOf("<html><body>Login</body></html>")).toThrow(CalendarReadError);
    expect(() => calendarDataOf("")).toThrow(/multistatus/);
  });
});

describe("busyIntervalsOf", () => {
  it("expands a weekly series, leaving out an EXDATE and moving an overridden occurrence", () => {
    const busy = busyIntervalsOf(
      [
        ics(
          ...vevent(
            "UID:series@example.org",
            "DTSTART:20261207T090000Z",
            "DTEND:20261207T100000Z",
            "RRULE:FREQ=WEEKLY;COUNT=4",
            "EXDATE:20261214T090000Z",
          ),
          ...vevent(
            "UID:series@example.org",
            "RECURRENCE-ID:20261221T090000Z",
            "DTSTART:20261221T150000Z",
            "DTEND:20261221T153000Z",
          ),
        ),
      ],
      RANGE,
      "Europe/Madrid",
    );
    expect(iso(busy)).toEqual([
      ["2026-12-07T09:00:00.000Z", "2026-12-07T10:00:00.000Z"],
      ["2026-12-21T15:00:00.000Z", "2026-12-21T15:30:00.000Z"],
      ["2026-12-28T09:00:00.000Z", "2026-12-28T10:00:00.000Z"],
    ]);
  });

  it("reads all-day and floating times in the host's zone; skips free, cancelled and our own events", () => {
    const busy = busyIntervalsOf(
      [
        ics(
          ...vevent(
            "UID:holiday@example.org",
            "DTSTART;VALUE=DATE:20261208",
            "DTEND;VALUE=DATE:20261209",
          ),
          ...vevent("UID:floating@example.org", "DTSTART:20261210T090000", "DTEND:20261210T093000"),
          ...vevent(
            "UID:free@example.org",
            "DTSTART:20261211T090000Z",
            "DTEND:20261211T100000Z",
            "TRANSP:TRANSPARENT",
          ),
          ...vevent(
            "UID:off@example.org",
            "DTSTART:20261212T090000Z",
            "DTEND:20261212T100000Z",
            "STATUS:CANCELLED",
          ),
          ...vevent(
            "UID:meeting-1@avanza.test",
            "DTSTART:20261213T090000Z",
            "DTEND:20261213T100000Z",
          ),
        ),
      ],
      RANGE,
      "Europe/Madrid",
      "@avanza.test",
    );
    expect(iso(busy)).toEqual([
      // Madrid is UTC+1 in December.
      ["2026-12-07T23:00:00.000Z", "2026-12-08T23:00:00.000Z"],
      ["2026-12-10T08:00:00.000Z", "2026-12-10T08:30:00.000Z"],
    ]);
  });

  it("keeps free/busy periods that are not FREE", () => {
    const busy = busyIntervalsOf(
      [
        ics(
          "BEGIN:VFREEBUSY",
          "DTSTAMP:20261101T000000Z",
          "FREEBUSY:20261215T100000Z/20261215T110000Z,20261216T100000Z/PT30M",
          "FREEBUSY;FBTYPE=FREE:20261217T100000Z/20261217T110000Z",
          "END:VFREEBUSY",
        ),
      ],
      RANGE,
      "UTC",
    );
    expect(iso(busy)).toEqual([
      ["2026-12-15T10:00:00.000Z", "2026-12-15T11:00:00.000Z"],
      ["2026-12-16T10:00:00.000Z", "2026-12-16T10:30:00.000Z"],
    ]);
  });

  it("refuses text that is not iCalendar", () => {
    expect(() => busyIntervalsOf(["hello"], RANGE, "UTC")).toThrow(CalendarReadError);
    expect(() => busyIntervalsOf(["BEGIN:VCARD\r\nFN:x\r\nEND:VCARD"], RANGE, "UTC")).toThrow(
      /not iCalendar/,
    );
  });
});

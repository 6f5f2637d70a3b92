// Our invitations as another implementation reads them: Debian's python3-icalendar parses the REQUEST of a
// booking and the CANCEL that follows it; the update keeps the UID with a higher SEQUENCE, and text sent with
// control characters or bidi overrides reaches the calendar without them.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { buildMeetingIcs, type MeetingInvitation } from "@/lib/meetings/meeting-ics";

const PARSE = `
import json, sys
from icalendar import Calendar
cal = Calendar.from_ical(sys.stdin.read())
events = [c for c in cal.walk() if c.name == "VEVENT"]
e = events[0]
print(json.dumps({
  "method": str(cal.get("METHOD")),
  "events": len(events),
  "uid": str(e.get("UID")),
  "sequence": int(e.get("SEQUENCE")),
  "status": str(e.get("STATUS")),
  "start": e.decoded("DTSTART").isoformat(),
  "end": e.decoded("DTEND").isoformat(),
  "summary": str(e.get("SUMMARY")),
  "description": str(e.get("DESCRIPTION")),
  "organizer": str(e.get("ORGANIZER")).lower(),
  "attendee": str(e.get("ATTENDEE")).lower(),
  "attendee_name": str(e.get("ATTENDEE").params.get("CN")),
}))
`;

/** Debian's interpreter, where python3-icalendar is installed (a pyenv python3 on PATH may lack it). */
const PYTHON = process.env.ICALENDAR_PYTHON ?? "/usr/bin/python3";

function parseWithPython(ics: string) {
  return JSON.parse(execFileSync(PYTHON, ["-c", PARSE], { input: ics, encoding: "utf8" }));
}

const invitation = (overrides: Partial<MeetingInvitation> = {}): MeetingInvitation => ({
  meetingId: "0b6f5c1e-2f0a-4c1b-9d8e-7a6b5c4d3e2f",
  domain: "avanza.example",
  productName: "Avanza AI",
  lang: "es",
  method: "REQUEST",
  sequence: 0,
  start: new Date("2026-12-07T09:00:00Z"),
  end: new Date("2026-12-07T09:45:00Z"),
  summary: "Sesión estratégica: Lucía\u202e Fernández",
  description: "Referencia AV-ABCDEFGH\u0007\nNotas: llamadas perdidas",
  location: null,
  organizer: { name: "Olga Host", email: "olga@avanza.example" },
  attendee: { name: "Lucía\u2066 Fernández\u0000", email: "lucia@clinica-norte.example" },
  now: new Date("2026-11-27T10:00:00Z"),
  ...overrides,
});

describe("meeting invitations read by python3-icalendar", () => {
  it("a booking's REQUEST: one event with its UID, times, organiser and attendee, and no hidden characters", () => {
    const parsed = parseWithPython(buildMeetingIcs(invitation()));
    expect(parsed).toMatchObject({
      method: "REQUEST",
      events: 1,
      uid: "0b6f5c1e-2f0a-4c1b-9d8e-7a6b5c4d3e2f@avanza.example",
      sequence: 0,
      status: "CONFIRMED",
      start: "2026-12-07T09:00:00+00:00",
      end: "2026-12-07T09:45:00+00:00",
      organizer: "mailto:olga@avanza.example",
      attendee: "mailto:lucia@clinica-norte.example",
    });
    for (const text of [parsed.summary, parsed.description, parsed.attendee_name])
      expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u202A-\u202E\u2066-\u2069]/);
    expect(parsed.summary).toBe("Sesión estratégica: Lucía Fernández");
  });

  it("the CANCEL that follows keeps the UID with a higher SEQUENCE", () => {
    const booked = parseWithPython(buildMeetingIcs(invitation()));
    const cancelled = parseWithPython(
      buildMeetingIcs(invitation({ method: "CANCEL", sequence: 1 })),
    );
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.uid).toBe(booked.uid);
    expect(cancelled.sequence).toBeGreaterThan(booked.sequence);
  });
});

import { describe, expect, it } from "vitest";
import {
  DEFAULT_AVAILABILITY,
  freeSlots,
  hostStarts,
  type HostSchedule,
  type SlotRules,
} from "@/lib/meetings/slots";
import { instantAt, isTimeZone } from "@/lib/meetings/time-zones";

const rules: SlotRules = {
  durationMinutes: 45,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 240,
  horizonDays: 60,
};
const madrid = (overrides: Partial<HostSchedule> = {}): HostSchedule => ({
  id: "ana",
  ...DEFAULT_AVAILABILITY,
  bookings: [],
  ...overrides,
});
const iso = (ms: number) => new Date(ms).toISOString();
const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe("wall-clock times in a zone", () => {
  it("reads a time on either side of Madrid's spring change with that day's offset", () => {
    expect(instantAt("2026-03-27", "09:00", "Europe/Madrid").toISOString()).toBe(
      "2026-03-27T08:00:00.000Z",
    );
    expect(instantAt("2026-03-30", "09:00", "Europe/Madrid").toISOString()).toBe(
      "2026-03-30T07:00:00.000Z",
    );
  });

  it("moves a skipped time past the gap and takes the first of a repeated one", () => {
    expect(instantAt("2026-03-29", "02:30", "Europe/Madrid").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(instantAt("2026-10-25", "02:30", "Europe/Madrid").toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    expect(instantAt("2026-11-01", "01:30", "America/New_York").toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });

  it("knows real zones and refuses made-up ones", () => {
    expect(isTimeZone("Europe/Madrid")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("../etc/passwd")).toBe(false);
  });
});

describe("free slots", () => {
  const now = new Date("2026-03-20T12:00:00Z");

  it("offers the working day on a 30-minute grid and keeps 09:00 local across the DST change", () => {
    const starts = hostStarts(
      madrid(),
      rules,
      range("2026-03-27T00:00Z", "2026-03-31T00:00Z"),
      now,
    );
    const friday = starts.filter((s) => iso(s).startsWith("2026-03-27"));
    const monday = starts.filter((s) => iso(s).startsWith("2026-03-30"));
    expect(iso(friday[0]!)).toBe("2026-03-27T08:00:00.000Z");
    expect(iso(monday[0]!)).toBe("2026-03-30T07:00:00.000Z");
    // 09:00 … 16:00 (16:15 would end after 17:00): 15 starts a day, none at the weekend.
    expect(friday).toHaveLength(15);
    expect(monday).toHaveLength(15);
    expect(starts).toHaveLength(30);
  });

  it("skips days off and keeps clear of bookings and both types' buffers", () => {
    const booked = Date.parse("2026-03-30T09:00:00Z"); // 11:00 Madrid
    const starts = hostStarts(
      madrid({
        daysOff: ["2026-03-27"],
        bookings: [
          {
            start: booked,
            end: booked + 45 * 60_000,
            bufferBeforeMinutes: 30,
            bufferAfterMinutes: 0,
          },
        ],
      }),
      rules,
      range("2026-03-27T00:00Z", "2026-03-31T00:00Z"),
      now,
    ).map(iso);
    expect(starts.some((s) => s.startsWith("2026-03-27"))).toBe(false);
    // 09:30 local ends 10:15 + our 15-minute buffer = 10:30, the booking's own buffer starts then: fits.
    expect(starts).toContain("2026-03-30T07:30:00.000Z");
    // 10:00 local would end at 10:45, inside the booking's buffer.
    expect(starts).not.toContain("2026-03-30T08:00:00.000Z");
    expect(starts).not.toContain("2026-03-30T09:00:00.000Z");
    // 11:30 local would start during the booking (ends 11:45).
    expect(starts).not.toContain("2026-03-30T09:30:00.000Z");
    expect(starts).toContain("2026-03-30T10:00:00.000Z");
  });

  it("offers nothing inside the minimum notice or past the horizon", () => {
    const monday = new Date("2026-03-30T07:00:00Z");
    const starts = hostStarts(
      madrid(),
      rules,
      range("2026-03-30T00:00Z", "2026-03-31T00:00Z"),
      monday,
    );
    expect(iso(starts[0]!)).toBe("2026-03-30T11:00:00.000Z");
    expect(
      hostStarts(
        madrid(),
        { ...rules, horizonDays: 5 },
        range("2026-03-30T00:00Z", "2026-04-30T00:00Z"),
        now,
      ),
    ).toEqual([]);
  });

  it("merges hosts in different zones, naming who is free at each start", () => {
    const newYork = madrid({
      id: "bob",
      timeZone: "America/New_York",
      weekly: [{ day: 1, start: "09:00", end: "10:00" }],
    });
    const slots = freeSlots(
      [madrid(), newYork],
      rules,
      range("2026-03-30T00:00Z", "2026-03-31T00:00Z"),
      now,
    );
    // 09:00 New York = 13:00Z (EDT), when Madrid (15:00 local) is free too.
    const shared = slots.find((slot) => slot.start.toISOString() === "2026-03-30T13:00:00.000Z");
    expect(shared?.hostIds).toEqual(["ana", "bob"]);
    expect(shared?.end.toISOString()).toBe("2026-03-30T13:45:00.000Z");
    expect(slots.map((slot) => slot.start.getTime())).toEqual(
      [...slots.map((slot) => slot.start.getTime())].sort((a, b) => a - b),
    );
  });
});

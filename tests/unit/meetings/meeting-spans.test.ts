// "My meetings" spans days as the list shows them: midnight to midnight in the staff member's zone, the week
// Monday to Sunday, whatever zone the browser or server runs in.
import { describe, expect, it } from "vitest";
import { rangeOfSpan } from "@/components/meetings/meeting-spans";

describe("rangeOfSpan", () => {
  // Saturday 28 Nov 2026, 23:30 UTC: already Sunday the 29th in Madrid, still Saturday in New York.
  const now = new Date("2026-11-28T23:30:00Z");

  it("starts today at midnight in the given zone", () => {
    expect(rangeOfSpan("today", now, "Europe/Madrid")).toEqual({
      from: "2026-11-28T23:00:00.000Z",
      to: "2026-11-29T23:00:00.000Z",
    });
    expect(rangeOfSpan("today", now, "America/New_York")).toEqual({
      from: "2026-11-28T05:00:00.000Z",
      to: "2026-11-29T05:00:00.000Z",
    });
  });

  it("runs the week from Monday to Monday in that zone", () => {
    // Sunday the 29th in Madrid: the week began Monday the 23rd.
    expect(rangeOfSpan("week", now, "Europe/Madrid")).toEqual({
      from: "2026-11-22T23:00:00.000Z",
      to: "2026-11-29T23:00:00.000Z",
    });
    expect(rangeOfSpan("week", now, "America/New_York")).toEqual({
      from: "2026-11-23T05:00:00.000Z",
      to: "2026-11-30T05:00:00.000Z",
    });
  });

  it("keeps a day whole across a change of clocks", () => {
    // Sunday 29 March 2026 in Madrid has 23 hours.
    expect(rangeOfSpan("today", new Date("2026-03-29T12:00:00Z"), "Europe/Madrid")).toEqual({
      from: "2026-03-28T23:00:00.000Z",
      to: "2026-03-29T22:00:00.000Z",
    });
  });
});

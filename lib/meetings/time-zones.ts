// Wall-clock arithmetic in IANA time zones with Intl alone (no zone database of our own): the offset
// of a zone at an instant is read from how Intl writes that instant there, so DST follows the runtime's
// tz data (docs/decisions/017-meetings.md#time-zones).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is a time zone this runtime knows (Europe/Madrid, America/New_York, UTC…). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock time of `instant` in `timeZone`. */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** Milliseconds the zone is ahead of UTC at `instant` (whole minutes: every zone in use today). */
function offsetAt(instant: number, timeZone: string): number {
  const minuteStart = instant - (((instant % 60_000) + 60_000) % 60_000);
  const wall = wallClockOf(new Date(minuteStart), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - minuteStart;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant when it is `date` `time` on the wall clock in `timeZone`. Each offset the zone has a day
 * either side is tried; a wall-clock time that happens twice (autumn) gives the first, one skipped by a
 * spring-forward change (02:30 in Madrid on the last Sunday of March) lands just after the change.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsets = [offsetAt(asUtc - DAY_MS, timeZone), offsetAt(asUtc + DAY_MS, timeZone)];
  const valid = offsets
    .map((offset) => asUtc - offset)
    .filter((candidate) => asUtc - offsetAt(candidate, timeZone) === candidate);
  if (valid.length > 0) return new Date(Math.min(...valid));
  return new Date(asUtc - Math.min(...offsets));
}

/** The calendar date YYYY-MM-DD of `instant` in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  const wall = wallClockOf(instant, timeZone);
  return isoDate(wall.year, wall.month, wall.day);
}

export const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** `date` plus `days` calendar days (time zones play no part in a calendar date). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

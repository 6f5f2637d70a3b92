// The free times of a meeting type: pure functions of the hosts' working hours, their bookings, the
// type's rules and the clock (docs/decisions/017-meetings.md#slots). No I/O, so the booking service
// asks exactly the same question inside its transaction that the slots endpoint asked a moment before.
import { addDays, dateIn, instantAt, weekdayOf } from "./time-zones";

/** Starts are offered on this grid from the start of each working period. */
export const SLOT_STEP_MINUTES = 30;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** One working period of a weekday: `day` 0 = Sunday … 6 = Saturday, times HH:MM in the host's zone. */
export interface WeeklyHours {
  day: number;
  start: string;
  end: string;
}

export interface Availability {
  timeZone: string;
  weekly: WeeklyHours[];
  /** Calendar dates (YYYY-MM-DD, in the host's zone) with no working hours. */
  daysOff: string[];
}

/** Staff without their own availability work Monday to Friday, 09:00–17:00, Madrid time. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: "Europe/Madrid",
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
  daysOff: [],
};

/** A booking the host already has, as instants (ms) with the buffers of its own type. */
export interface Booking {
  start: number;
  end: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** A time the host's own calendar marks busy (CalDAV), as instants (ms). */
export interface BusyTime {
  start: number;
  end: number;
}

export interface HostSchedule extends Availability {
  id: string;
  bookings: Booking[];
  /**
   * Busy times read from the host's calendar. Unlike bookings, a start over one is never offered at all
   * (400 when asked for), as working hours are not: the host said they are away.
   */
  busy?: BusyTime[];
}

export interface SlotRules {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
}

export interface Slot {
  start: Date;
  end: Date;
  /** The hosts free at this time, in the order they were given. */
  hostIds: string[];
}

/** The bookable instants: from the end of the minimum notice to the horizon (a start may not pass it). */
export function bookableWindow(rules: SlotRules, now: Date): { earliest: number; latest: number } {
  return {
    earliest: now.getTime() + rules.minNoticeMinutes * MINUTE_MS,
    latest: now.getTime() + rules.horizonDays * DAY_MS,
  };
}

/**
 * Whether a meeting at [start, start + duration) fits around a booking: its own buffers must stay clear of
 * the booking, and it must stay clear of the booking's buffers.
 */
function overlaps(start: number, rules: SlotRules, booking: Booking): boolean {
  const end = start + rules.durationMinutes * MINUTE_MS;
  const blockedFrom = booking.start - booking.bufferBeforeMinutes * MINUTE_MS;
  const blockedUntil = booking.end + booking.bufferAfterMinutes * MINUTE_MS;
  if (start < blockedUntil && end > blockedFrom) return true;
  const ownFrom = start - rules.bufferBeforeMinutes * MINUTE_MS;
  const ownUntil = end + rules.bufferAfterMinutes * MINUTE_MS;
  return ownFrom < booking.end && ownUntil > booking.start;
}

/**
 * The starts at which one host can take this type in [from, to): inside a working period in the host's zone
 * (computed per local date, so a period keeps its wall-clock hours across a DST change), outside days off,
 * past the minimum notice, before the horizon, clear of every booking.
 */
export function hostStarts(
  host: HostSchedule,
  rules: SlotRules,
  range: { from: Date; to: Date },
  now: Date,
): number[] {
  const { earliest, latest } = bookableWindow(rules, now);
  const from = Math.max(range.from.getTime(), earliest);
  const to = Math.min(range.to.getTime(), latest + 1);
  if (from >= to) return [];
  const duration = rules.durationMinutes * MINUTE_MS;
  const step = SLOT_STEP_MINUTES * MINUTE_MS;
  const daysOff = new Set(host.daysOff);
  // A busy time blocks like a booking without buffers of its own (the new meeting's still apply).
  const bookings = [
    ...host.bookings,
    ...(host.busy ?? []).map((busy) => ({
      ...busy,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    })),
  ].sort((a, b) => a.start - b.start);
  const starts: number[] = [];
  // A local date can hold instants up to a day either side of the UTC range.
  const lastDate = addDays(dateIn(new Date(to), host.timeZone), 1);
  for (
    let date = addDays(dateIn(new Date(from), host.timeZone), -1);
    date <= lastDate;
    date = addDays(date, 1)
  ) {
    if (daysOff.has(date)) continue;
    const weekday = weekdayOf(date);
    for (const period of host.weekly) {
      if (period.day !== weekday) continue;
      const periodStart = instantAt(date, period.start, host.timeZone).getTime();
      const periodEnd = instantAt(date, period.end, host.timeZone).getTime();
      for (let start = periodStart; start + duration <= periodEnd; start += step) {
        if (start < from || start >= to) continue;
        if (bookings.some((booking) => overlaps(start, rules, booking))) continue;
        starts.push(start);
      }
    }
  }
  return starts;
}

/** Every free start of the type in [from, to), sorted, each with the hosts free at it. */
export function freeSlots(
  hosts: HostSchedule[],
  rules: SlotRules,
  range: { from: Date; to: Date },
  now: Date,
): Slot[] {
  const byStart = new Map<number, string[]>();
  for (const host of hosts) {
    for (const start of hostStarts(host, rules, range, now)) {
      const free = byStart.get(start);
      if (free) {
        if (!free.includes(host.id)) free.push(host.id);
      } else byStart.set(start, [host.id]);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, hostIds]) => ({
      start: new Date(start),
      end: new Date(start + rules.durationMinutes * MINUTE_MS),
      hostIds,
    }));
}

import { z } from "zod";

/** Dashboard periods (docs/product.md#analytics-dashboard), all whole days in the business time zone. */
export const RANGES = [
  "today",
  "yesterday",
  "last3days",
  "last7days",
  "last30days",
  "thisMonth",
  "lastMonth",
  "lastQuarter",
  "lastYear",
  "custom",
] as const;
export type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = "last7days";
/** Longest custom range, in days (two years, a leap day included). */
export const MAX_CUSTOM_DAYS = 731;

const ZDay = z.iso.date({ error: "Use a date as YYYY-MM-DD." });

export const ZPeriodQuery = z
  .object({
    range: z
      .enum(RANGES, { error: `range must be one of ${RANGES.join(", ")}.` })
      .default(DEFAULT_RANGE),
    startDate: ZDay.optional(),
    endDate: ZDay.optional(),
  })
  .superRefine((query, context) => {
    if (query.range !== "custom") return;
    if (!query.startDate)
      context.addIssue({
        code: "custom",
        path: ["startDate"],
        message: "A custom range needs startDate.",
      });
    if (!query.endDate)
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "A custom range needs endDate.",
      });
    if (!query.startDate || !query.endDate) return;
    if (query.startDate > query.endDate)
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "endDate must not be before startDate.",
      });
    else if (daysBetween(query.startDate, query.endDate) + 1 > MAX_CUSTOM_DAYS)
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "A custom range may span at most two years.",
      });
  });
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;

/** The dashboard API's query: the period parameters and nothing else (an unknown one is a 400, not ignored). */
export const ZDashboardQuery = z
  .strictObject({
    range: z.string().optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
  })
  .pipe(ZPeriodQuery);

/** A run of whole local days: `firstDay`..`lastDay` inclusive, and the instants [start, end) they cover. */
export interface DaySpan {
  firstDay: string;
  lastDay: string;
  days: number;
  start: Date;
  end: Date;
  /**
   * Set on a previous period whose current one reaches today: its last day counts only up to the same
   * time of day as now, so a partial today is compared with a partial day (like with like).
   */
  partialLastDay?: { start: Date; until: Date };
}

export interface Period extends DaySpan {
  range: Range;
  /** The same number of days immediately before. */
  previous: DaySpan;
}

// Calendar arithmetic on "YYYY-MM-DD" strings through UTC dates, where every day has 24 hours.
const toUtc = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => fromUtc(toUtc(day) + days * 86_400_000);
export const daysBetween = (from: string, to: string) =>
  Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
const firstOfMonth = (year: number, monthIndex: number) => fromUtc(Date.UTC(year, monthIndex, 1));

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, instant: number) {
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
  const parts = Object.fromEntries(
    formatter.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar day ("YYYY-MM-DD") an instant falls on in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  const { year, month, day } = partsIn(timeZone, instant.getTime());
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Offset of `timeZone` from UTC at an instant, in ms (New York in winter: -5 h). */
function offsetAt(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) -
    Math.floor(instant / 1000) * 1000
  );
}

/** The first instant of a local day: its midnight, or the end of a DST gap that swallowed midnight. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const wallClock = toUtc(day);
  let instant = wallClock - offsetAt(timeZone, wallClock);
  instant = wallClock - offsetAt(timeZone, instant);
  // Midnight skipped by a DST change: the day starts at the first instant that belongs to it.
  while (localDay(new Date(instant), timeZone) < day) instant += 15 * 60 * 1000;
  while (localDay(new Date(instant - 1), timeZone) === day) instant -= 15 * 60 * 1000;
  return new Date(instant);
}

function span(firstDay: string, lastDay: string, timeZone: string): DaySpan {
  return {
    firstDay,
    lastDay,
    days: daysBetween(firstDay, lastDay) + 1,
    start: startOfLocalDay(firstDay, timeZone),
    end: startOfLocalDay(addDays(lastDay, 1), timeZone),
  };
}

/**
 * The days a query covers, as of `now`, in `timeZone`. Ranges that reach today include all of today;
 * last month and last quarter are the previous calendar ones, last year the twelve months up to today. Pass `now` in tests instead of faking the clock.
 */
export function resolvePeriod(query: TPeriodQuery, now: Date, timeZone: string): Period {
  const today = localDay(now, timeZone);
  const year = Number(today.slice(0, 4));
  const monthIndex = Number(today.slice(5, 7)) - 1;
  let first: string;
  let last = today;
  switch (query.range) {
    case "today":
      first = today;
      break;
    case "yesterday":
      first = last = addDays(today, -1);
      break;
    case "last3days":
      first = addDays(today, -2);
      break;
    case "last7days":
      first = addDays(today, -6);
      break;
    case "last30days":
      first = addDays(today, -29);
      break;
    case "thisMonth":
      first = firstOfMonth(year, monthIndex);
      break;
    case "lastMonth":
      first = firstOfMonth(year, monthIndex - 1);
      last = addDays(firstOfMonth(year, monthIndex), -1);
      break;
    case "lastQuarter": {
      const quarterStart = monthIndex - (monthIndex % 3);
      first = firstOfMonth(year, quarterStart - 3);
      last = addDays(firstOfMonth(year, quarterStart), -1);
      break;
    }
    case "lastYear":
      // The twelve months up to today (like "last 30 days", not the previous calendar year).
      first = addDays(fromUtc(Date.UTC(year - 1, monthIndex, Number(today.slice(8, 10)))), 1);
      break;
    case "custom":
      first = query.startDate!;
      last = query.endDate!;
      break;
  }
  const current = span(first, last, timeZone);
  const previous = span(addDays(first, -current.days), addDays(first, -1), timeZone);
  if (last === today) {
    const elapsed = now.getTime() - startOfLocalDay(today, timeZone).getTime();
    const start = startOfLocalDay(previous.lastDay, timeZone);
    previous.partialLastDay = {
      start,
      until: new Date(Math.min(start.getTime() + elapsed, previous.end.getTime())),
    };
  }
  return { range: query.range, ...current, previous };
}

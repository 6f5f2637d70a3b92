// Wall-clock times in a given time zone: the scheduled jobs use the business zone (ANALYTICS_TIME_ZONE), and
// a staff member's own views use theirs (a task is overdue by the reader's day).

/** The wall-clock parts of `date` in `timeZone`. */
function zonedParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The next moment it is `hour`:00 in `timeZone` after `now` (DST-safe to the hour). */
export function nextLocalHour(now: Date, hour: number, timeZone: string): Date {
  const local = zonedParts(now, timeZone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    // Guess in UTC, then correct by the zone's offset at that guess.
    const guess = new Date(Date.UTC(local.year, local.month - 1, local.day + dayOffset, hour));
    const seen = zonedParts(guess, timeZone);
    const offsetMs =
      Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess.getTime();
    const candidate = new Date(guess.getTime() - offsetMs);
    if (candidate > now) return candidate;
  }
  throw new Error("no next occurrence");
}

/** The calendar date (YYYY-MM-DD) of `date` in `timeZone`. */
export function localDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

// Reading a staff member's busy times from their CalDAV calendar (RFC 4791): one calendar-query REPORT with a
// time range, its VEVENTs (recurrences expanded, exceptions applied) and any VFREEBUSY periods parsed with
// ical.js, into UTC intervals. No I/O but the one request, to public addresses only unless allowed
// (docs/decisions/017-meetings.md#caldav).
import ICAL from "ical.js";
import { BodyTooLarge, readBodyCapped } from "@/lib/http/capped-body";
import { PrivateAddressError, requestOutbound } from "./calendar-egress";
import type { CALENDAR_READ_FAILURES } from "./staff-meetings.schema";
import { instantAt, isTimeZone, isoDate } from "./time-zones";

export interface CaldavCredentials {
  url: string;
  username: string;
  password: string;
}

export interface BusyInterval {
  start: Date;
  end: Date;
}

/** Why a read failed, as the availability screen names it. */
export type CalendarReadFailure = (typeof CALENDAR_READ_FAILURES)[number];

export class CalendarReadError extends Error {
  constructor(
    readonly reason: CalendarReadFailure,
    detail: string,
  ) {
    super(detail);
  }
}

const TIMEOUT_MS = 10_000;
/** A month or a year of a busy person's calendar is far less; more is not a calendar we should parse. */
const MAX_BYTES = 5 * 1024 * 1024;
/** Occurrences kept per recurring event: a daily event for a year is 366. */
const MAX_OCCURRENCES = 1000;
/** Occurrences walked per recurring event, from its first: ten years of a daily event. */
const MAX_STEPS = 3660;

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The REPORT body: every event (and free/busy component) overlapping [from, to), with its data. */
export function calendarQuery(range: { from: Date; to: Date }): string {
  const timeRange = `<C:time-range start="${stamp(range.from)}" end="${stamp(range.to)}"/>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">${timeRange}</C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>`;
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_BYTES) throw new CalendarReadError("too_large", `${declared} bytes`);
  try {
    return await readBodyCapped(response.body, MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new CalendarReadError("too_large", error.message);
    throw error;
  }
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(text);
  if (cdata) return cdata[1]!;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name] ?? whole;
  });
}

/**
 * The calendar objects of a multistatus answer. A calendar-query answer is flat (response → propstat →
 * prop → calendar-data), so its text elements are found by name whatever the namespace prefix.
 */
export function calendarDataOf(xml: string): string[] {
  if (!/<(?:[\w.-]+:)?multistatus[\s>]/.test(xml))
    throw new CalendarReadError("garbage", "the answer is not a WebDAV multistatus");
  const found: string[] = [];
  const element = /<((?:[\w.-]+:)?calendar-data)\b[^>]*?(?:\/>|>([\s\S]*?)<\/\1\s*>)/g;
  for (const match of xml.matchAll(element))
    if (match[2]?.trim()) found.push(unescapeXml(match[2]));
  return found;
}

/**
 * Asks the server; every way it can fail becomes a CalendarReadError with a reason. An address that is
 * not on the public internet is unreachable unless `allowPrivateAddresses` (calendar-egress.ts).
 */
export async function fetchCalendarObjects(
  credentials: CaldavCredentials,
  range: { from: Date; to: Date },
  { allowPrivateAddresses = false }: { allowPrivateAddresses?: boolean } = {},
): Promise<string[]> {
  let response: Response;
  try {
    response = await requestOutbound(credentials.url, {
      method: "REPORT",
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`,
        depth: "1",
        "content-type": "application/xml; charset=utf-8",
        accept: "application/xml, text/xml",
      },
      body: calendarQuery(range),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      allowPrivateAddresses,
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      throw new CalendarReadError("timeout", `no answer within ${TIMEOUT_MS / 1000} s`);
    if (error instanceof PrivateAddressError)
      throw new CalendarReadError("unreachable", error.message);
    const code = (error as { code?: string }).code;
    throw new CalendarReadError("unreachable", code ?? (error as Error).message);
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => undefined);
    throw new CalendarReadError("auth", `HTTP ${response.status}`);
  }
  if (response.status !== 207) {
    await response.body?.cancel().catch(() => undefined);
    throw new CalendarReadError("http", `HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    if (error instanceof CalendarReadError) throw error;
    const name = error instanceof Error ? error.name : "";
    throw new CalendarReadError(
      name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable",
      (error as Error).message,
    );
  }
  return calendarDataOf(text);
}

// ——— iCalendar → busy intervals ———

/**
 * The instant of an iCalendar time: UTC and zones defined in the file (VTIMEZONE) by ical.js; a TZID with
 * no definition but a name this runtime knows (Europe/Madrid) through Intl; floating times and all-day
 * dates in the host's own zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, hostZone: string): number {
  const date = isoDate(time.year, time.month, time.day);
  if (time.isDate) return instantAt(date, "00:00", hostZone).getTime();
  const zone = time.zone;
  if (zone && zone.tzid !== "floating") return time.toJSDate().getTime();
  const wallZone = tzid && isTimeZone(tzid) ? tzid : hostZone;
  const clock = `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;
  return instantAt(date, clock, wallZone).getTime() + time.second * 1000;
}

const isBusy = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue("status") ?? "").toUpperCase() !== "CANCELLED" &&
  String(component.getFirstPropertyValue("transp") ?? "").toUpperCase() !== "TRANSPARENT";

/**
 * The busy intervals of calendar objects overlapping [from, to): events that are neither cancelled nor
 * marked free ("transparent"), every occurrence of a recurring one, and VFREEBUSY periods not marked FREE.
 * Events whose UID ends with `skipUidSuffix` (our own invitations, already bookings) are left out.
 * Throws CalendarReadError("garbage") on text that is not iCalendar.
 */
export function busyIntervalsOf(
  objects: string[],
  range: { from: Date; to: Date },
  hostZone: string,
  skipUidSuffix?: string,
): BusyInterval[] {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const busy: BusyInterval[] = [];
  const keep = (start: number, end: number) => {
    if (Number.isFinite(start) && Number.isFinite(end) && end > start && start < to && end > from)
      busy.push({ start: new Date(start), end: new Date(end) });
  };
  for (const text of objects) {
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(ICAL.parse(text));
    } catch (error) {
      throw new CalendarReadError("garbage", `not iCalendar: ${(error as Error).message}`);
    }
    if (root.name !== "vcalendar")
      throw new CalendarReadError("garbage", `not iCalendar: a ${root.name}`);
    try {
      for (const freeBusy of root.getAllSubcomponents("vfreebusy"))
        for (const property of freeBusy.getAllProperties("freebusy")) {
          if (String(property.getParameter("fbtype") ?? "BUSY").toUpperCase() === "FREE") continue;
          for (const value of property.getValues() as ICAL.Period[])
            keep(value.start.toJSDate().getTime(), value.getEnd().toJSDate().getTime());
        }

      const events = root
        .getAllSubcomponents("vevent")
        .filter(
          (event) =>
            !skipUidSuffix ||
            !String(event.getFirstPropertyValue("uid") ?? "").endsWith(skipUidSuffix),
        );
      const masters = events.filter((event) => !event.hasProperty("recurrence-id"));
      const exceptions = events.filter((event) => event.hasProperty("recurrence-id"));
      const masterUids = new Set(
        masters.map((event) => String(event.getFirstPropertyValue("uid"))),
      );
      // An exception whose series is not in this answer stands alone.
      const standalone = exceptions.filter(
        (event) => !masterUids.has(String(event.getFirstPropertyValue("uid"))),
      );
      for (const component of [...masters, ...standalone]) {
        const event = new ICAL.Event(component, { strictExceptions: true });
        const uid = event.uid;
        for (const exception of exceptions)
          if (masters.includes(component) && String(exception.getFirstPropertyValue("uid")) === uid)
            event.relateException(exception);
        const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid") ?? null;
        const tzidOf = (item: ICAL.Event) =>
          (item.component.getFirstProperty("dtstart")?.getParameter("tzid") as
            string | undefined) ?? tzid;
        if (!event.isRecurring()) {
          if (!isBusy(component) || !event.startDate) continue;
          const start = instantOf(event.startDate, tzid as string | null, hostZone);
          const end = event.endDate
            ? instantOf(event.endDate, tzidOf(event) as string | null, hostZone)
            : start;
          keep(start, end);
          continue;
        }
        // Walked from the series' first occurrence; bounded, so a years-old daily series cannot hang us.
        const iterator = event.iterator();
        let kept = 0;
        for (
          let steps = 0, next = iterator.next();
          next && steps < MAX_STEPS && kept < MAX_OCCURRENCES;
          steps++, next = iterator.next()
        ) {
          const details = event.getOccurrenceDetails(next);
          const zoneId = tzidOf(details.item) as string | null;
          const start = instantOf(details.startDate, zoneId, hostZone);
          if (start >= to) break;
          const end = instantOf(details.endDate, zoneId, hostZone);
          if (end <= from) continue;
          kept++;
          if (isBusy(details.item.component)) keep(start, end);
        }
      }
    } catch (error) {
      if (error instanceof CalendarReadError) throw error;
      throw new CalendarReadError("garbage", `unreadable event: ${(error as Error).message}`);
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

// CalDAV busy times against a real Radicale on loopback (and two loopback servers that are down or answer
// garbage): connecting a calendar through PUT /api/staff/availability stores the password encrypted and
// never answers it, the queue's job reads the calendar, and the public slots and bookings leave its busy
// times out, also across a DST change; a calendar that cannot be read leaves the working hours' slots and
// tells the host since when; disconnecting forgets the busy times.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as book } from "@/app/api/meetings/route";
import { GET as getSlots } from "@/app/api/meetings/slots/route";
import { GET as getAvailability, PUT as putAvailability } from "@/app/api/staff/availability/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { CalendarReadError, fetchCalendarObjects } from "@/lib/meetings/caldav";
import { scheduleCalendarReads } from "@/lib/meetings/calendar-sync.service";
import { makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { freePort, icsOf, startRadicale, type Radicale } from "../../support/radicale";
import { staffCookieFor, uniqueAddress } from "../../support/staff";

let radicale: Radicale;
let slug: string;

beforeAll(async () => {
  radicale = await startRadicale();
  await cancelLeftoverMail();
  slug = `caldav-${randomUUID().slice(0, 8)}`;
});

afterAll(async () => {
  await radicale?.stop();
});

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));

/**
 * A signed-in sales account working every day 09:00–17:00 in Madrid that alone hosts a fresh type (45 minutes,
 * no buffers, an hour's notice, 200 days ahead).
 */
async function makeHost() {
  const account = await makeStaffAccount({ role: "sales", lastSignInAt: new Date() });
  // Every day, so a date's slots never depend on the weekday it falls on.
  await testDb().staffAvailability.create({
    data: { accountId: account.id, timeZone: "Europe/Madrid", weekly: EVERY_DAY },
  });
  const cookie = await staffCookieFor(account);
  const typeSlug = `${slug}-${randomUUID().slice(0, 6)}`;
  await testDb().meetingType.create({
    data: {
      slug: typeSlug,
      titleEs: "Llamada",
      titleEn: "Call",
      descriptionEs: "",
      descriptionEn: "",
      durationMinutes: 45,
      minNoticeMinutes: 60,
      horizonDays: 200,
      hostIds: [account.id],
    },
  });
  return { account, cookie, typeSlug };
}

const put = (cookie: string, body: unknown) =>
  callRoute(putAvailability, { method: "PUT", path: "/api/staff/availability", body, cookie });
const get = (cookie: string) =>
  callRoute(getAvailability, { path: "/api/staff/availability", cookie });
const hours = (caldav?: unknown) => ({
  time_zone: "Europe/Madrid",
  weekly: EVERY_DAY,
  days_off: [],
  ...(caldav === undefined ? {} : { caldav }),
});

async function slotStarts(typeSlug: string, date: string, tz = "Europe/Madrid") {
  const answer = await callRoute(getSlots, {
    path: `/api/meetings/slots?type=${typeSlug}&from=${date}&to=${date}&tz=${encodeURIComponent(tz)}`,
  });
  expect(answer.status).toBe(200);
  return (answer.json.slots as { start: string }[]).map((slot) => slot.start);
}

/** The calendar date `days` from now (UTC). */
const dayAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

function event(uid: string, start: string, end: string, extra: string[] = []) {
  return icsOf(
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20261101T000000Z",
    `DTSTART:${compact(start)}`,
    `DTEND:${compact(end)}`,
    "SUMMARY:Dentist",
    ...extra,
    "END:VEVENT",
  );
}

/** Runs the queue until nothing is due (the calendar reads among whatever else is waiting). */
const runQueue = () => drainDueJobs({ workerId: "caldav-test" });

describe("a CalDAV calendar's busy times", () => {
  it("connects with the password stored encrypted, reads the calendar through the queue, and no slot or booking overlaps a busy time", async () => {
    const { account, cookie, typeSlug } = await makeHost();
    const calendarUrl = await radicale.calendar(`work-${randomUUID().slice(0, 6)}`);
    const date = dayAhead(10);
    // 10:00–11:00 UTC = 11:00–12:00 in Madrid (winter).
    const busyStart = `${date}T10:00:00.000Z`;
    await radicale.putEvent(
      calendarUrl,
      "dentist",
      event("dentist@example.org", busyStart, `${date}T11:00:00.000Z`),
    );
    // Marked free, and cancelled: neither blocks anything.
    await radicale.putEvent(
      calendarUrl,
      "free",
      event("free@example.org", `${date}T13:00:00.000Z`, `${date}T14:00:00.000Z`, [
        "TRANSP:TRANSPARENT",
      ]),
    );
    await radicale.putEvent(
      calendarUrl,
      "cancelled",
      event("off@example.org", `${date}T14:00:00.000Z`, `${date}T15:00:00.000Z`, [
        "STATUS:CANCELLED",
      ]),
    );
    expect(await slotStarts(typeSlug, date)).toContain(busyStart);

    const connected = await put(
      cookie,
      hours({ url: calendarUrl, username: radicale.username, password: radicale.password }),
    );
    expect(connected.status).toBe(200);
    expect(connected.json.caldav).toEqual({
      url: calendarUrl,
      username: radicale.username,
      connected: false,
      read_at: null,
      failing_since: null,
      error: null,
    });
    expect(connected.text).not.toContain(radicale.password);
    const stored = await testDb().staffAvailability.findUniqueOrThrow({
      where: { accountId: account.id },
    });
    expect(stored.caldavSecret).toBeTruthy();
    expect(stored.caldavSecret).not.toContain(radicale.password);

    await runQueue();
    const read = await get(cookie);
    expect(read.json.caldav).toMatchObject({ connected: true, failing_since: null, error: null });
    expect(Date.parse(read.json.caldav.read_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(read.text).not.toContain(radicale.password);
    const busy = await testDb().staffBusyTime.findMany({ where: { accountId: account.id } });
    expect(busy.map((time) => [time.startsAt.toISOString(), time.endsAt.toISOString()])).toEqual([
      [busyStart, `${date}T11:00:00.000Z`],
    ]);

    const starts = await slotStarts(typeSlug, date);
    // A 45-minute meeting may end when the busy time starts and start when it ends, never inside.
    expect(starts).toContain(`${date}T09:00:00.000Z`);
    expect(starts).not.toContain(`${date}T09:30:00.000Z`);
    expect(starts).not.toContain(busyStart);
    expect(starts).not.toContain(`${date}T10:30:00.000Z`);
    expect(starts).toContain(`${date}T11:00:00.000Z`);
    // The transparent and the cancelled events leave their times free.
    expect(starts).toContain(`${date}T13:00:00.000Z`);
    expect(starts).toContain(`${date}T14:00:00.000Z`);

    // Booking the busy time anyway is refused as a time that is not offered (400), and books nothing.
    const refused = await callRoute(book, {
      method: "POST",
      path: "/api/meetings",
      body: {
        type: typeSlug,
        start: busyStart,
        name: "Lucía Fernández",
        email: `lucia.${randomUUID().slice(0, 8)}@example.com`,
        lang: "es",
        time_zone: "Europe/Madrid",
      },
      headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields.start).toBeDefined();
    expect(await testDb().meeting.count({ where: { hostId: account.id } })).toBe(0);

    // The scheduled reads: one job per connected calendar and period, however often the schedule runs.
    await scheduleCalendarReads();
    await scheduleCalendarReads();
    const period = Math.floor(Date.now() / (15 * 60_000));
    expect(
      await testDb().job.count({
        where: { kind: "meeting.calendar-refresh", key: `caldav:${account.id}:${period}` },
      }),
    ).toBe(1);

    // Disconnecting forgets the calendar and its busy times; the time is offered again.
    const disconnected = await put(cookie, hours(null));
    expect(disconnected.json.caldav).toBeNull();
    expect(await testDb().staffBusyTime.count({ where: { accountId: account.id } })).toBe(0);
    expect(await slotStarts(typeSlug, date)).toContain(busyStart);
    await runQueue();
    expect(await testDb().staffBusyTime.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("expands a weekly event defined in New York across the US DST change, while Madrid has not changed yet", async () => {
    const { account, cookie, typeSlug } = await makeHost();
    const calendarUrl = await radicale.calendar(`dst-${randomUUID().slice(0, 6)}`);
    // Mondays 10:00–11:00 New York time, four weeks from 1 March 2027; the US moves its clocks on 14 March,
    // Europe on 28 March. The event carries its zone's definition, as calendar apps write it.
    await radicale.putEvent(
      calendarUrl,
      "standup",
      icsOf(
        "BEGIN:VTIMEZONE",
        "TZID:America/New_York",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:-0500",
        "TZOFFSETTO:-0400",
        "TZNAME:EDT",
        "DTSTART:19700308T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500",
        "TZNAME:EST",
        "DTSTART:19701101T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
        "BEGIN:VEVENT",
        "UID:standup@example.org",
        "DTSTAMP:20261101T000000Z",
        "DTSTART;TZID=America/New_York:20270301T100000",
        "DTEND;TZID=America/New_York:20270301T110000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "SUMMARY:Stand-up",
        "END:VEVENT",
      ),
    );
    // A zone named without its definition is read with the runtime's zone data: 12:00 Madrid = 11:00 UTC.
    await radicale.putEvent(
      calendarUrl,
      "lunch",
      icsOf(
        "BEGIN:VEVENT",
        "UID:lunch@example.org",
        "DTSTAMP:20261101T000000Z",
        "DTSTART;TZID=Europe/Madrid:20270315T120000",
        "DTEND;TZID=Europe/Madrid:20270315T123000",
        "SUMMARY:Lunch",
        "END:VEVENT",
      ),
    );
    await put(
      cookie,
      hours({ url: calendarUrl, username: radicale.username, password: radicale.password }),
    );
    await runQueue();

    const busy = await testDb().staffBusyTime.findMany({
      where: { accountId: account.id },
      orderBy: { startsAt: "asc" },
    });
    expect(busy.map((time) => time.startsAt.toISOString())).toEqual([
      "2027-03-01T15:00:00.000Z",
      "2027-03-08T15:00:00.000Z",
      "2027-03-15T11:00:00.000Z",
      // After the US change: 10:00 EDT is an hour earlier in UTC.
      "2027-03-15T14:00:00.000Z",
      "2027-03-22T14:00:00.000Z",
    ]);

    // In Madrid (still UTC+1) the stand-up moves from 16:00 to 15:00 local time.
    const before = await slotStarts(typeSlug, "2027-03-08");
    expect(before).toContain("2027-03-08T14:00:00.000Z");
    expect(before).not.toContain("2027-03-08T15:00:00.000Z");
    const after = await slotStarts(typeSlug, "2027-03-15");
    expect(after).not.toContain("2027-03-15T14:00:00.000Z");
    expect(after).toContain("2027-03-15T15:00:00.000Z");
    expect(after).not.toContain("2027-03-15T11:00:00.000Z");
    expect(after).toContain("2027-03-15T11:30:00.000Z");
  });
});

describe("a calendar that cannot be read", () => {
  let garbage: Server;
  let garbageUrl: string;
  let answer: { status: number; body: string } = { status: 207, body: "" };

  beforeAll(async () => {
    garbage = createServer((request, response) => {
      request.resume();
      response.writeHead(answer.status, { "content-type": "application/xml" });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => garbage.listen(0, "127.0.0.1", resolve));
    garbageUrl = `http://127.0.0.1:${(garbage.address() as { port: number }).port}/cal/`;
  });
  afterAll(() => new Promise<void>((resolve) => garbage.close(() => resolve())));

  it("a server that is down: slots from working hours, and the host is told since when", async () => {
    const { cookie, typeSlug } = await makeHost();
    const port = await freePort();
    const date = dayAhead(12);
    const before = await slotStarts(typeSlug, date);
    expect(before.length).toBeGreaterThan(0);
    await put(
      cookie,
      hours({ url: `http://127.0.0.1:${port}/ana/work/`, username: "ana", password: "x" }),
    );
    await runQueue();
    const state = await get(cookie);
    expect(state.json.caldav).toMatchObject({
      connected: false,
      read_at: null,
      error: "unreachable",
    });
    const since = Date.parse(state.json.caldav.failing_since);
    expect(since).toBeGreaterThan(Date.now() - 60_000);
    expect(await slotStarts(typeSlug, date)).toEqual(before);
    // A second failure keeps the first failure's time.
    await testDb().job.createMany({
      data: [
        {
          kind: "meeting.calendar-refresh",
          key: `caldav-again-${randomUUID()}`,
          payload: { accountId: state.json.account_id },
          runAt: new Date(),
        },
      ],
    });
    await runQueue();
    expect((await get(cookie)).json.caldav.failing_since).toBe(state.json.caldav.failing_since);
  });

  it("wrong credentials at a real server: an authentication failure", async () => {
    const { cookie } = await makeHost();
    const calendarUrl = await radicale.calendar(`auth-${randomUUID().slice(0, 6)}`);
    await put(cookie, hours({ url: calendarUrl, username: radicale.username, password: "wrong" }));
    await runQueue();
    expect((await get(cookie)).json.caldav).toMatchObject({ connected: false, error: "auth" });
  });

  it("garbage: the busy times last read stay, slots are still offered, and the failure shows", async () => {
    const { account, cookie, typeSlug } = await makeHost();
    const date = dayAhead(14);
    const ics = event("gym@example.org", `${date}T12:00:00.000Z`, `${date}T13:00:00.000Z`)
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;");
    answer = {
      status: 207,
      body: `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"><d:response><d:href>/cal/gym.ics</d:href><d:propstat><d:prop><cal:calendar-data>${ics}</cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
    };
    await put(cookie, hours({ url: garbageUrl, username: "ana", password: "x" }));
    await runQueue();
    expect((await get(cookie)).json.caldav).toMatchObject({ connected: true });
    const starts = await slotStarts(typeSlug, date);
    expect(starts).not.toContain(`${date}T12:00:00.000Z`);
    expect(starts).toContain(`${date}T13:00:00.000Z`);

    for (const body of [
      "<html><body>Maintenance</body></html>",
      `<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:propstat><d:prop><c:calendar-data>BEGIN:VCALENDAR&#13;
this is not iCalendar</c:calendar-data></d:prop></d:propstat></d:response></d:multistatus>`,
      "\u0000\u0001\u0002",
    ]) {
      answer = { status: 207, body };
      await testDb().job.createMany({
        data: [
          {
            kind: "meeting.calendar-refresh",
            key: `caldav-garbage-${randomUUID()}`,
            payload: { accountId: account.id },
            runAt: new Date(),
          },
        ],
      });
      await runQueue();
      const state = (await get(cookie)).json.caldav;
      expect(state).toMatchObject({ connected: false, error: "garbage" });
      expect(state.read_at).not.toBeNull();
      expect(await slotStarts(typeSlug, date)).toEqual(starts);
    }
    // The jobs ended, not failed: the next period's read is the retry.
    const jobs = await testDb().job.findMany({
      where: { kind: "meeting.calendar-refresh", key: { startsWith: "caldav-garbage-" } },
      select: { status: true },
    });
    expect(jobs.every((job) => job.status === "done")).toBe(true);
  });

  it("refuses a calendar address that is not http(s), and a connection without its password", async () => {
    const { cookie } = await makeHost();
    const bad = await put(
      cookie,
      hours({ url: "file:///etc/passwd", username: "ana", password: "x" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields["caldav.url"]).toBeDefined();
    const noPassword = await put(cookie, hours({ url: garbageUrl, username: "ana" }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.error.fields["caldav.password"]).toBeDefined();
    const colon = await put(cookie, hours({ url: garbageUrl, username: "a:b", password: "x" }));
    expect(colon.status).toBe(400);
  });
});

describe("a calendar address that is not on the public internet", () => {
  let calendar: Server;
  let port: number;
  const asked: string[] = [];
  const range = { from: new Date("2027-01-01T00:00:00Z"), to: new Date("2027-02-01T00:00:00Z") };
  const credentials = (url: string) => ({ url, username: "ana", password: "x" });

  beforeAll(async () => {
    calendar = createServer((request, response) => {
      asked.push(request.url ?? "");
      request.resume();
      if (request.url === "/moved/") {
        response.writeHead(302, { location: "/cal/" });
        response.end();
        return;
      }
      response.writeHead(207, { "content-type": "application/xml" });
      response.end('<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"></D:multistatus>');
    });
    await new Promise<void>((resolve) => calendar.listen(0, "127.0.0.1", resolve));
    port = (calendar.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => calendar.close(() => resolve())));

  it("is never connected to: loopback by address or by name, IPv6 and IPv4-in-IPv6 forms alike", async () => {
    for (const url of [
      `http://127.0.0.1:${port}/cal/`,
      `http://localhost:${port}/cal/`,
      `http://[::1]:${port}/cal/`,
      `http://[::ffff:127.0.0.1]:${port}/cal/`,
      `http://0.0.0.0:${port}/cal/`,
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      const failure = await fetchCalendarObjects(credentials(url), range).catch(
        (error: unknown) => error,
      );
      expect(failure, url).toBeInstanceOf(CalendarReadError);
      expect((failure as CalendarReadError).reason, url).toBe("unreachable");
      expect((failure as CalendarReadError).message, url).toMatch(/not a public internet address/);
    }
    expect(asked).toEqual([]);
  });

  it("is read where the deployment allows private addresses, and a redirect is not followed", async () => {
    const allowed = { allowPrivateAddresses: true };
    expect(
      await fetchCalendarObjects(credentials(`http://127.0.0.1:${port}/cal/`), range, allowed),
    ).toEqual([]);
    const moved = await fetchCalendarObjects(
      credentials(`http://localhost:${port}/moved/`),
      range,
      allowed,
    ).catch((error: unknown) => error);
    expect((moved as CalendarReadError).reason).toBe("http");
    expect(asked).toEqual(["/cal/", "/moved/"]);
  });
});

import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cancel } from "@/app/api/meetings/manage/[token]/cancel/route";
import { POST as reschedule } from "@/app/api/meetings/manage/[token]/reschedule/route";
import { POST as handOver } from "@/app/api/crm/meetings/[id]/handover/route";
import { POST as book } from "@/app/api/meetings/route";
import { GET as getSlots } from "@/app/api/meetings/slots/route";
import { GET as getTypes } from "@/app/api/meetings/types/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { isOverlapViolation } from "@/lib/meetings/meetings.repo";
import { makeLead, makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { cancelLeftoverMail } from "../../support/jobs";
import { startCaptureSmtp, type CapturedMail } from "../../support/smtp";
import { staffCookieFor, uniqueAddress } from "../../support/staff";

const DAY_MS = 24 * 60 * 60 * 1000;
const previousRoundRobin = process.env.LEADS_ROUND_ROBIN;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;

beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  // New leads start unowned here, so the booking's own host rule decides.
  process.env.LEADS_ROUND_ROBIN = "off";
  await cancelLeftoverMail();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  if (previousRoundRobin === undefined) delete process.env.LEADS_ROUND_ROBIN;
  else process.env.LEADS_ROUND_ROBIN = previousRoundRobin;
  await smtp.stop();
});

/** A host working every day 09:00–17:00 in `timeZone`. */
async function makeHost(timeZone = "Europe/Madrid", lang = "es") {
  const account = await makeStaffAccount({ lastSignInAt: new Date(), lang });
  await testDb().staffAvailability.create({
    data: {
      accountId: account.id,
      timeZone,
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" })),
    },
  });
  return account;
}

async function makeType(hostIds: string[], overrides: Record<string, unknown> = {}) {
  const slug = `call-${randomUUID().slice(0, 8)}`;
  await testDb().meetingType.create({
    data: {
      slug,
      titleEs: "Sesión de prueba",
      titleEn: "Test session",
      descriptionEs: "Una sesión.",
      descriptionEn: "A session.",
      durationMinutes: 45,
      bufferAfterMinutes: 15,
      minNoticeMinutes: 240,
      horizonDays: 200,
      hostIds,
      ...overrides,
    },
  });
  return slug;
}

/** The calendar date `days` from today (UTC), for asking the slots of that day. */
const dayAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const slots = (query: string) => callRoute(getSlots, { path: `/api/meetings/slots?${query}` });

async function firstSlotOn(slug: string, date: string, tz = "Europe/Madrid") {
  const result = await slots(`type=${slug}&from=${date}&to=${date}&tz=${encodeURIComponent(tz)}`);
  expect(result.status).toBe(200);
  return result.json.slots[0] as { start: string; end: string };
}

const booking = (overrides: Record<string, unknown> = {}) => ({
  name: "Lucía Fernández",
  email: `lucia.${randomUUID().slice(0, 8)}@example.com`,
  company: "Clínica Norte",
  notes: "We miss calls.",
  lang: "en",
  time_zone: "America/New_York",
  ...overrides,
});

const post = (body: unknown) =>
  callRoute(book, {
    method: "POST",
    path: "/api/meetings",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });

const tokenOf = (manageUrl: string) => manageUrl.split("/meetings/")[1]!;

function calendarOf(mail: CapturedMail) {
  const attachment = mail.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(attachment, `an .ics in "${mail.parsed.subject}"`).toBeDefined();
  const component = new ICAL.Component(ICAL.parse(attachment!.content.toString("utf8")));
  const event = component.getFirstSubcomponent("vevent")!;
  return {
    method: component.getFirstPropertyValue("method"),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    organizer: String(event.getFirstPropertyValue("organizer")),
    attendee: String(event.getFirstPropertyValue("attendee")),
    summary: String(event.getFirstPropertyValue("summary")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    status: event.getFirstPropertyValue("status"),
  };
}

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
/** The meeting's own e-mails (a new lead's alert to its owner is not one). */
const invitationsTo = (address: string) =>
  mailsTo(address).filter((mail) =>
    mail.parsed.attachments.some((a) => a.contentType.startsWith("text/calendar")),
  );

describe("meeting types and free times", () => {
  it("lists the two default types in the asked language", async () => {
    const en = await callRoute(getTypes, { path: "/api/meetings/types?lang=en" });
    const es = await callRoute(getTypes, { path: "/api/meetings/types" });
    expect(en.status).toBe(200);
    // Other files add types of their own to the shared database: the defaults are looked up by slug.
    const defaults = ["strategy-session", "discovery-call"];
    const bySlug = (data: { slug: string }[]) =>
      defaults.map((slug) => data.find((type) => type.slug === slug));
    expect(bySlug(en.json.data)).toEqual([
      expect.objectContaining({
        slug: "strategy-session",
        title: "Strategy session",
        duration_minutes: 45,
      }),
      expect.objectContaining({
        slug: "discovery-call",
        title: "Discovery call",
        duration_minutes: 30,
      }),
    ]);
    expect(bySlug(es.json.data)[0]).toMatchObject({ title: "Sesión estratégica" });
  });

  it("keeps each host's working hours on their wall clock across a DST change", async () => {
    const madrid = await makeHost("Europe/Madrid");
    const slug = await makeType([madrid.id]);
    // Europe moves its clocks on 28 March 2027: 09:00 Madrid is 08:00Z before and 07:00Z after.
    expect((await firstSlotOn(slug, "2027-03-26")).start).toBe("2027-03-26T08:00:00.000Z");
    expect((await firstSlotOn(slug, "2027-03-29")).start).toBe("2027-03-29T07:00:00.000Z");
    // Read in New York (which changed on 14 March), the same instants: the visitor's zone only frames the days.
    const ny = await slots(`type=${slug}&from=2027-03-29&to=2027-03-29&tz=America/New_York`);
    expect(ny.json.slots[0].start).toBe("2027-03-29T07:00:00.000Z");
    expect(
      ny.json.slots.every((s: { start: string }) => s.start >= "2027-03-29T04:00:00.000Z"),
    ).toBe(true);
  });

  it("refuses a zone that does not exist, a range over 62 days, a range past the horizon, an unknown type", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id], { horizonDays: 30 });
    const today = new Date().toISOString().slice(0, 10);
    const bad = await slots(`type=${slug}&from=${today}&to=${today}&tz=Mars/Olympus`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.tz).toBeDefined();
    const long = await slots(`type=${slug}&from=2027-01-01&to=2027-03-05&tz=UTC`);
    expect(long.status).toBe(400);
    expect(long.json.error.fields.to).toBeDefined();
    const later = new Date(Date.now() + 40 * DAY_MS).toISOString().slice(0, 10);
    const past = await slots(`type=${slug}&from=${later}&to=${later}&tz=UTC`);
    expect(past.status).toBe(400);
    expect(past.json.error.fields.from).toBeDefined();
    expect((await slots(`type=no-such-type&from=${today}&to=${today}`)).status).toBe(404);
  });
});

describe("booking", () => {
  it("books: the lead, the host as its owner, the timeline, and both invitations in the visitor's language", async () => {
    const host = await makeHost("Europe/Madrid", "es");
    const slug = await makeType([host.id]);
    const slot = await firstSlotOn(slug, dayAhead(5));
    const body = booking({ type: slug, start: slot.start });
    const result = await post(body);
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({
      start: slot.start,
      end: slot.end,
      host: { name: host.name },
    });
    expect(result.json.id).toMatch(/^AV-[A-Z0-9]{8}$/);
    expect(result.json.manage_url).toMatch(/\/en\/meetings\/[A-Za-z0-9_-]{43}$/);

    const meeting = await testDb().meeting.findUniqueOrThrow({
      where: { reference: result.json.id },
      include: { lead: true, tokens: true },
    });
    expect(meeting.hostId).toBe(host.id);
    expect(meeting.lead?.email).toBe(body.email);
    expect(meeting.lead?.ownerId).toBe(host.id);
    expect(meeting.lead?.source).toBe("meeting");
    // Only the token's hash is stored.
    expect(meeting.tokens[0]!.tokenHash).not.toContain(tokenOf(result.json.manage_url));
    const timeline = await testDb().activity.findMany({ where: { leadId: meeting.leadId! } });
    expect(timeline.map((entry) => entry.type)).toEqual(expect.arrayContaining(["meeting_booked"]));
    const reminders = await testDb().job.findMany({
      where: { kind: "meeting.reminder", key: { startsWith: `meeting:${meeting.id}:` } },
    });
    expect(reminders.map((job) => job.runAt.getTime()).sort()).toEqual([
      Date.parse(slot.start) - DAY_MS,
      Date.parse(slot.start) - 60 * 60 * 1000,
    ]);

    await drainDueJobs();
    const [visitorMail] = invitationsTo(body.email);
    const [hostMail] = invitationsTo(host.email);
    expect(visitorMail?.parsed.subject).toContain("Booked: Test session");
    expect(visitorMail?.parsed.text).toContain(result.json.manage_url);
    // The visitor reads their own zone (New York) and the host theirs.
    expect(visitorMail?.parsed.text).toMatch(/EST|GMT-5/);
    expect(hostMail?.parsed.subject).toContain("Nueva reunión: Lucía Fernández");
    for (const mail of [visitorMail!, hostMail!]) {
      const ics = calendarOf(mail);
      expect(ics).toMatchObject({
        method: "REQUEST",
        sequence: 0,
        start: slot.start,
        end: slot.end,
        status: "CONFIRMED",
      });
      expect(ics.organizer.toLowerCase()).toBe(`mailto:${host.email}`);
      expect(ics.attendee.toLowerCase()).toBe(`mailto:${body.email}`);
      expect(ics.summary).toContain("Test session");
      expect(ics.uid.startsWith(`${meeting.id}@`)).toBe(true);
    }
  });

  it("gives a known lead to its owner when the owner hosts the type and is free, else to the least recently booked host", async () => {
    const [ana, bob] = [await makeHost(), await makeHost()];
    const slug = await makeType([ana.id, bob.id]);
    const lead = await makeLead({
      ownerId: bob.id,
      email: `known.${randomUUID().slice(0, 8)}@example.com`,
    });
    const slot = await firstSlotOn(slug, dayAhead(6));
    const first = await post(
      booking({ type: slug, start: slot.start, email: lead.email!.toUpperCase() }),
    );
    expect(first.status).toBe(201);
    expect(first.json.host.name).toBe(bob.name);
    const stored = await testDb().meeting.findUniqueOrThrow({
      where: { reference: first.json.id },
    });
    expect(stored.leadId).toBe(lead.id);
    // Bob is now busy at this time: the next visitor gets Ana; later, both free, Bob's older booking puts him first.
    const second = await post(booking({ type: slug, start: slot.start }));
    expect(second.json.host.name).toBe(ana.name);
    const later = new Date(Date.parse(slot.start) + 2 * 60 * 60 * 1000).toISOString();
    const third = await post(booking({ type: slug, start: later }));
    expect(third.json.host.name).toBe(bob.name);
  });

  it("twenty visitors racing for one host's slot: exactly one booking, the others offered the next times", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const slot = await firstSlotOn(slug, dayAhead(7));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(booking({ type: slug, start: slot.start }))),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const refused = results.find((result) => result.status === 409)!;
    expect(refused.json.error.code).toBe("slot_taken");
    expect(refused.json.next.length).toBeGreaterThan(0);
    expect(refused.json.next.map((s: { start: string }) => s.start)).not.toContain(slot.start);
    expect(await testDb().meeting.count({ where: { type: { slug } } })).toBe(1);
  });

  it("the database itself refuses an overlapping booking of one host", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const type = await testDb().meetingType.findUniqueOrThrow({ where: { slug } });
    const row = (start: string, end: string) => ({
      reference: `AV-T${randomUUID().slice(0, 7)}`,
      typeId: type.id,
      hostId: host.id,
      startsAt: new Date(start),
      endsAt: new Date(end),
      name: "X",
      email: "x@example.com",
      lang: "es",
      timeZone: "UTC",
    });
    await testDb().meeting.create({ data: row("2027-05-03T09:00:00Z", "2027-05-03T09:45:00Z") });
    const overlap = await testDb()
      .meeting.create({ data: row("2027-05-03T09:30:00Z", "2027-05-03T10:15:00Z") })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isOverlapViolation(overlap)).toBe(true);
    // Back to back is fine, and so is a cancelled one over it.
    await testDb().meeting.create({ data: row("2027-05-03T09:45:00Z", "2027-05-03T10:30:00Z") });
    await testDb().meeting.create({
      data: { ...row("2027-05-03T09:00:00Z", "2027-05-03T09:45:00Z"), status: "cancelled" },
    });
  });

  it("refuses a start that is not a free time: off the grid, past, inside the notice, outside the hours", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const slot = await firstSlotOn(slug, dayAhead(5));
    const offGrid = new Date(Date.parse(slot.start) + 10 * 60_000).toISOString();
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const night = new Date(Date.parse(slot.start) - 6 * 60 * 60_000).toISOString();
    for (const start of [offGrid, past, soon, night]) {
      const result = await post(booking({ type: slug, start }));
      expect(result.status, start).toBe(400);
      expect(result.json.error.fields.start).toBeDefined();
    }
  });

  it("refuses bad bodies with a 400 naming the field, never a 500", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const slot = await firstSlotOn(slug, dayAhead(5));
    const cases: [Record<string, unknown>, string][] = [
      [{ time_zone: "Europe/Atlantis" }, "time_zone"],
      [{ email: "not-an-email" }, "email"],
      [{ name: "Ana\u202Egro" }, "name"],
      [{ notes: "line\u0000break" }, "notes"],
      [{ lang: "fr" }, "lang"],
      [{ start: "tomorrow" }, "start"],
      [{ name: "" }, "name"],
    ];
    for (const [override, field] of cases) {
      const result = await post(booking({ type: slug, start: slot.start, ...override }));
      expect(result.status, JSON.stringify(override)).toBe(400);
      expect(JSON.stringify(result.json.error), field).toContain(field);
    }
    expect((await post(booking({ type: "no-such-type", start: slot.start }))).status).toBe(404);
    expect(await testDb().meeting.count({ where: { type: { slug } } })).toBe(0);
  });
});

describe("the visitor's manage link", () => {
  it("cancels once: both sides get a CANCEL with the same UID and a higher SEQUENCE, no reminder is left", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const slot = await firstSlotOn(slug, dayAhead(8));
    const body = booking({ type: slug, start: slot.start, lang: "es" });
    const booked = await post(body);
    await drainDueJobs();
    const token = tokenOf(booked.json.manage_url);
    const call = () =>
      callRoute(cancel, {
        method: "POST",
        path: `/api/meetings/manage/${token}/cancel`,
        params: { token },
      });
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: booked.json.id, status: "cancelled" });
    expect((await call()).status).toBe(410);

    const meeting = await testDb().meeting.findUniqueOrThrow({
      where: { reference: booked.json.id },
    });
    const jobs = await testDb().job.findMany({
      where: { key: { startsWith: `meeting:${meeting.id}:` } },
    });
    expect(jobs.every((job) => job.status === "cancelled")).toBe(true);
    await drainDueJobs();
    for (const address of [body.email, host.email]) {
      const [invite, cancellation] = invitationsTo(address);
      expect(cancellation?.parsed.subject).toContain("Cancelada");
      const before = calendarOf(invite!);
      const after = calendarOf(cancellation!);
      expect(after.method).toBe("CANCEL");
      expect(after.status).toBe("CANCELLED");
      expect(after.uid).toBe(before.uid);
      expect(after.sequence).toBe(before.sequence + 1);
    }
    // The slot is free again.
    const again = await post(booking({ type: slug, start: slot.start }));
    expect(again.status).toBe(201);
  });

  it("reschedules once to a free time: a new link, SEQUENCE+1, the old time freed; a taken time is 409", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const date = dayAhead(9);
    const slot = await firstSlotOn(slug, date);
    const body = booking({ type: slug, start: slot.start });
    const booked = await post(body);
    const later = new Date(Date.parse(slot.start) + 3 * 60 * 60_000).toISOString();
    const taken = new Date(Date.parse(slot.start) + 5 * 60 * 60_000).toISOString();
    expect((await post(booking({ type: slug, start: taken }))).status).toBe(201);
    const token = tokenOf(booked.json.manage_url);
    const move = (start: string, onToken = token) =>
      callRoute(reschedule, {
        method: "POST",
        path: `/api/meetings/manage/${onToken}/reschedule`,
        params: { token: onToken },
        body: { start },
      });
    const refused = await move(taken);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("slot_taken");
    expect((await move("2020-01-01T09:00:00Z")).status).toBe(400);
    const moved = await move(later);
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ id: booked.json.id, start: later, status: "booked" });
    expect(moved.json.manage_url).not.toBe(booked.json.manage_url);
    expect((await move(later)).status).toBe(410);
    // The new link works, once.
    const second = await move(slot.start, tokenOf(moved.json.manage_url));
    expect(second.status).toBe(200);

    await drainDueJobs();
    // The worker may deliver them in any order: SEQUENCE says which came after which.
    const calendars = invitationsTo(body.email)
      .map(calendarOf)
      .sort((a, b) => a.sequence - b.sequence);
    expect(calendars.map((c) => [c.method, c.sequence, c.start])).toEqual([
      ["REQUEST", 0, slot.start],
      ["REQUEST", 1, later],
      ["REQUEST", 2, slot.start],
    ]);
    expect(new Set(calendars.map((c) => c.uid)).size).toBe(1);
  });

  it("sends the reminders when due, to both sides, and none for a moved or cancelled time", async () => {
    const host = await makeHost();
    const slug = await makeType([host.id]);
    const slot = await firstSlotOn(slug, dayAhead(10));
    const body = booking({ type: slug, start: slot.start });
    const booked = await post(body);
    const meeting = await testDb().meeting.findUniqueOrThrow({
      where: { reference: booked.json.id },
    });
    const due = { status: "queued", key: { startsWith: `meeting:${meeting.id}:0:` } };
    // As if the day before had come.
    await testDb().job.updateMany({ where: due, data: { runAt: new Date() } });
    await drainDueJobs();
    await drainDueJobs();
    const reminders = (address: string) =>
      mailsTo(address).filter((mail) => /Reminder|Recordatorio/.test(mail.parsed.subject ?? ""));
    expect(reminders(body.email)).toHaveLength(2);
    expect(reminders(host.email)).toHaveLength(2);

    // A second booking, cancelled: its reminders never run.
    const other = await post(
      booking({
        type: slug,
        start: new Date(Date.parse(slot.start) + 2 * 3_600_000).toISOString(),
      }),
    );
    const token = tokenOf(other.json.manage_url);
    await callRoute(cancel, {
      method: "POST",
      path: `/api/meetings/manage/${token}/cancel`,
      params: { token },
    });
    const cancelled = await testDb().meeting.findUniqueOrThrow({
      where: { reference: other.json.id },
    });
    const jobs = await testDb().job.findMany({
      where: { kind: "meeting.reminder", key: { startsWith: `meeting:${cancelled.id}:` } },
    });
    expect(jobs).toHaveLength(2);
    expect(jobs.every((job) => job.status === "cancelled")).toBe(true);
  });

  it("answers 404 for a link never issued", async () => {
    const token = "A".repeat(43);
    const result = await callRoute(cancel, {
      method: "POST",
      path: `/api/meetings/manage/${token}/cancel`,
      params: { token },
    });
    expect(result.status).toBe(404);
  });
});

describe("a meeting whose host has left", () => {
  it("a manager hands it to an active colleague: same time, SEQUENCE+1, the visitor told, the new host invited", async () => {
    const leaver = await makeHost();
    const colleague = await makeHost("Europe/Madrid", "en");
    const busy = await makeHost();
    const slug = await makeType([leaver.id, colleague.id, busy.id]);
    const slot = await firstSlotOn(slug, dayAhead(12));
    const body = booking({ type: slug, start: slot.start, lang: "es" });
    // The least recently booked host takes it: make sure it is the leaver.
    await testDb().meetingType.update({ where: { slug }, data: { hostIds: [leaver.id] } });
    const booked = await post(body);
    expect(booked.status).toBe(201);
    const meeting = await testDb().meeting.findUniqueOrThrow({
      where: { reference: booked.json.id },
      select: { id: true, leadId: true, typeId: true },
    });
    // The busy colleague already has a meeting at that very time.
    await testDb().meetingType.update({ where: { slug }, data: { hostIds: [busy.id] } });
    expect((await post(booking({ type: slug, start: slot.start }))).status).toBe(201);

    const manager = await makeStaffAccount({ role: "manager" });
    const cookie = await staffCookieFor(manager);
    const give = (hostId: string, as = cookie, headers: Record<string, string> = {}) =>
      callRoute(handOver, {
        method: "POST",
        path: `/api/crm/meetings/${meeting.id}/handover`,
        params: { id: meeting.id },
        body: { host_id: hostId },
        cookie: as,
        headers,
      });
    // While the host is active, the meeting stays theirs.
    expect((await give(colleague.id)).status).toBe(409);
    await testDb().staffAccount.update({ where: { id: leaver.id }, data: { active: false } });
    const sales = await makeStaffAccount({ role: "sales" });
    expect((await give(colleague.id, await staffCookieFor(sales))).status).toBe(403);
    const toInactive = await give(leaver.id, cookie, { "accept-language": "es" });
    expect(toInactive.status).toBe(400);
    expect(toInactive.json.error.fields.host_id).toEqual([toInactive.json.error.message]);
    const toBusy = await give(busy.id);
    expect(toBusy.status).toBe(409);
    expect(toBusy.json.error.fields.host_id).toEqual([toBusy.json.error.message]);

    const given = await give(colleague.id);
    expect(given.status).toBe(200);
    expect(given.json).toMatchObject({
      host: { id: colleague.id, name: colleague.name, active: true },
      start: slot.start,
      status: "booked",
    });
    // Done once: the new host is active, so a second handover is refused.
    expect((await give(busy.id)).status).toBe(409);

    const timeline = await testDb().activity.findMany({
      where: { leadId: meeting.leadId!, type: "meeting_handed_over" },
    });
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ actorId: manager.id });
    expect(timeline[0]!.detail).toMatchObject({
      host: colleague.name,
      previous_host: leaver.name,
      start: slot.start,
    });
    const reminders = await testDb().job.findMany({
      where: { kind: "meeting.reminder", key: { startsWith: `meeting:${meeting.id}:1:` } },
    });
    expect(reminders).toHaveLength(2);
    const stale = await testDb().job.findMany({
      where: {
        kind: "meeting.reminder",
        key: { startsWith: `meeting:${meeting.id}:0:` },
        status: { in: ["queued", "running"] },
      },
    });
    expect(stale).toHaveLength(0);

    await drainDueJobs();
    const visitorCalendars = invitationsTo(body.email)
      .map((mail) => ({ subject: mail.parsed.subject, ...calendarOf(mail) }))
      .sort((a, b) => a.sequence - b.sequence);
    expect(visitorCalendars.map((c) => [c.method, c.sequence, c.start])).toEqual([
      ["REQUEST", 0, slot.start],
      ["REQUEST", 1, slot.start],
    ]);
    expect(visitorCalendars[1]!.subject).toContain(`será ahora con ${colleague.name}`);
    expect(visitorCalendars[1]!.organizer).toContain(colleague.email);
    const [colleagueMail] = invitationsTo(colleague.email);
    expect(colleagueMail?.parsed.subject).toContain(`Handed to you: ${body.name}`);
    expect(calendarOf(colleagueMail!)).toMatchObject({ method: "REQUEST", sequence: 1 });
    // Deactivated, the leaver is sent nothing more.
    expect(invitationsTo(leaver.email)).toHaveLength(1);
  });
});

// The staff side of meetings against PostgreSQL: the meetings list by host and by lead, outcomes (and the
// lead's move to Discovery), meeting types for managers and owners, and working hours (own; owner: anyone's).
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchType } from "@/app/api/crm/meeting-types/[id]/route";
import { GET as getTypesAdmin, POST as postType } from "@/app/api/crm/meeting-types/route";
import { PATCH as patchMeeting } from "@/app/api/crm/meetings/[id]/route";
import { GET as getMeetings } from "@/app/api/crm/meetings/route";
import { GET as getSlots } from "@/app/api/meetings/slots/route";
import { GET as getPublicTypes } from "@/app/api/meetings/types/route";
import { PATCH as patchAccount } from "@/app/api/staff/accounts/[id]/route";
import { GET as getAvailability, PUT as putAvailability } from "@/app/api/staff/availability/route";
import { rangeOfSpan } from "@/components/meetings/meeting-spans";
import { openWorkByAccount } from "@/lib/crm/open-work.service";
import { addDays, instantAt, weekdayOf } from "@/lib/meetings/time-zones";
import { resolveStaffSession } from "@/lib/staff/session.service";
import { makeLead, makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookieFor } from "../../support/staff";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The first calendar date at least `days` ahead (UTC) falling on `weekday` (0 = Sunday). */
function nextWeekday(weekday: number, days: number): string {
  let date = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

type Account = Awaited<ReturnType<typeof makeStaffAccount>>;
async function signedIn(role: "owner" | "manager" | "sales") {
  const account = await makeStaffAccount({ role });
  return { account, cookie: await staffCookieFor(account) };
}

let typeId: string;
beforeAll(async () => {
  typeId = (
    await testDb().meetingType.create({
      data: {
        slug: `staff-${randomUUID().slice(0, 8)}`,
        titleEs: "Sesión estratégica",
        titleEn: "Strategy session",
        descriptionEs: "",
        descriptionEn: "",
        durationMinutes: 45,
        active: false,
      },
    })
  ).id;
});

afterEach(async () => {
  await testDb().staffSettings.upsert({
    where: { id: 1 },
    create: { id: 1 },
    update: { salesLeadVisibility: "all" },
  });
});

/** A meeting of `host` starting `offsetMs` from now (negative: past), for `leadId`. */
async function makeMeeting(
  host: Account,
  offsetMs: number,
  overrides: { leadId?: string | null; status?: string } = {},
) {
  const start = new Date(Math.floor((Date.now() + offsetMs) / 60_000) * 60_000);
  return testDb().meeting.create({
    data: {
      reference: `AV-${randomUUID().slice(0, 8).toUpperCase()}`,
      typeId,
      hostId: host.id,
      leadId: overrides.leadId ?? null,
      startsAt: start,
      endsAt: new Date(start.getTime() + 45 * 60_000),
      status: overrides.status ?? "booked",
      name: "Lucía Fernández",
      email: "lucia@clinica-norte.example",
      company: "Clínica Norte",
      lang: "es",
      timeZone: "Europe/Madrid",
    },
  });
}

const list = (cookie: string | undefined, query: string) =>
  callRoute(getMeetings, { path: `/api/crm/meetings?${query}`, cookie });
const outcome = (cookie: string, id: string, body: unknown) =>
  callRoute(patchMeeting, {
    method: "PATCH",
    path: `/api/crm/meetings/${id}`,
    params: { id },
    body,
    cookie,
  });

describe("GET /api/crm/meetings", () => {
  it("lists my meetings in the span, cancelled ones included, and nobody else's", async () => {
    const { account, cookie } = await signedIn("sales");
    const other = await makeStaffAccount();
    const soon = await makeMeeting(account, 2 * HOUR_MS);
    const cancelled = await makeMeeting(account, 3 * HOUR_MS, { status: "cancelled" });
    const later = await makeMeeting(account, 20 * DAY_MS);
    await makeMeeting(other, 2 * HOUR_MS);
    await makeMeeting(account, -3 * DAY_MS);

    const mine = await list(cookie, "host=me");
    expect(mine.status).toBe(200);
    expect(mine.json.data.map((m: { id: string }) => m.id)).toEqual([
      soon.id,
      cancelled.id,
      later.id,
    ]);
    expect(mine.json.data[1].status).toBe("cancelled");
    expect(mine.json.data[0]).toMatchObject({
      reference: soon.reference,
      host: { id: account.id, name: account.name },
      type: { title_en: "Strategy session" },
      outcome: null,
    });

    const from = new Date(Date.now() + HOUR_MS).toISOString();
    const to = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const week = await list(cookie, `host=me&from=${from}&to=${to}`);
    expect(week.json.data.map((m: { id: string }) => m.id)).toEqual([soon.id, cancelled.id]);
  });

  it("says when a span holds more meetings than one answer carries (500), and not before", async () => {
    const { account, cookie } = await signedIn("sales");
    const first = Math.ceil((Date.now() + DAY_MS) / HOUR_MS) * HOUR_MS;
    const rows = (count: number, offset: number) =>
      Array.from({ length: count }, (_, index) => {
        const start = new Date(first + (offset + index) * HOUR_MS);
        return {
          reference: `AV-${randomUUID().slice(0, 8).toUpperCase()}`,
          typeId,
          hostId: account.id,
          startsAt: start,
          endsAt: new Date(start.getTime() + 45 * 60_000),
          name: "Lucía Fernández",
          email: "lucia@clinica-norte.example",
          lang: "es",
          timeZone: "Europe/Madrid",
        };
      });
    await testDb().meeting.createMany({ data: rows(500, 0) });
    const full = await list(cookie, "host=me");
    expect(full.status).toBe(200);
    expect(full.json.data).toHaveLength(500);
    expect(full.json.truncated).toBe(false);

    await testDb().meeting.createMany({ data: rows(1, 500) });
    const cut = await list(cookie, "host=me");
    expect(cut.json.data).toHaveLength(500);
    expect(cut.json.truncated).toBe(true);
    // The earliest 500: the last one booked is the one left out, and a later span finds it.
    const lastShown = cut.json.data[499].start as string;
    expect(lastShown).toBe(new Date(first + 499 * HOUR_MS).toISOString());
    const rest = await list(cookie, `host=me&from=${encodeURIComponent(lastShown)}`);
    expect(rest.json.truncated).toBe(false);
    expect(rest.json.data.map((meeting: { start: string }) => meeting.start)).toEqual([
      lastShown,
      new Date(first + 500 * HOUR_MS).toISOString(),
    ]);
  });

  it("lists a lead's meetings whoever hosts them, past ones included", async () => {
    const { cookie } = await signedIn("manager");
    const [one, two] = [await makeStaffAccount(), await makeStaffAccount()];
    const lead = await makeLead();
    const past = await makeMeeting(one, -2 * DAY_MS, { leadId: lead.id });
    const next = await makeMeeting(two, 2 * DAY_MS, { leadId: lead.id });
    await makeMeeting(two, 3 * DAY_MS);
    const result = await list(cookie, `lead=${lead.id}`);
    expect(result.status).toBe(200);
    expect(result.json.data.map((m: { id: string }) => m.id)).toEqual([past.id, next.id]);
    expect(result.json.data[0].lead).toEqual({ id: lead.id, name: lead.name });
  });

  it("under the owner's \"own\" visibility a sales account is refused a colleague's meetings and lead", async () => {
    const { account, cookie } = await signedIn("sales");
    const colleague = await makeStaffAccount();
    const theirLead = await makeLead({ ownerId: colleague.id });
    const mineLead = await makeLead({ ownerId: account.id });
    const shared = await makeMeeting(account, 2 * DAY_MS, { leadId: mineLead.id });
    expect((await list(cookie, `host=${colleague.id}`)).status).toBe(200);
    await testDb().staffSettings.upsert({
      where: { id: 1 },
      create: { id: 1, salesLeadVisibility: "own" },
      update: { salesLeadVisibility: "own" },
    });
    expect((await list(cookie, `host=${colleague.id}`)).status).toBe(403);
    expect((await list(cookie, `lead=${theirLead.id}`)).status).toBe(403);
    const own = await list(cookie, `lead=${mineLead.id}`);
    expect(own.json.data.map((m: { id: string }) => m.id)).toEqual([shared.id]);
  });

  it("Coming up holds every meeting still to come, as far ahead as a type can be booked: the leaver's that the accounts page counts", async () => {
    const { cookie } = await signedIn("manager");
    const leaver = await makeStaffAccount({ role: "sales" });
    const booked = [
      await makeMeeting(leaver, 2 * DAY_MS),
      await makeMeeting(leaver, 200 * DAY_MS),
      await makeMeeting(leaver, 364 * DAY_MS),
    ];
    await testDb().staffAccount.update({ where: { id: leaver.id }, data: { active: false } });
    expect((await openWorkByAccount([leaver.id]))[leaver.id]?.meetings).toBe(booked.length);

    // The accounts page links to /crm/meetings?whose={id}&span=upcoming.
    const { from, to } = rangeOfSpan("upcoming", new Date());
    const upcoming = await list(
      cookie,
      new URLSearchParams({ host: leaver.id, from, to }).toString(),
    );
    expect(upcoming.status).toBe(200);
    const listed = (upcoming.json.data as { id: string }[]).map((meeting) => meeting.id);
    expect(listed).toEqual(booked.map((meeting) => meeting.id));
  });

  it("refuses a signed-out caller and bad queries", async () => {
    const { cookie } = await signedIn("sales");
    expect((await list(undefined, "host=me")).status).toBe(401);
    for (const query of [
      "host=nobody",
      "lead=42",
      "from=yesterday",
      `from=2026-12-10T00:00:00Z&to=2026-12-01T00:00:00Z`,
      // One list covers at most as far as anything can be booked (365 days) and a day.
      `from=2026-01-01T00:00:00Z&to=2027-01-03T00:00:00Z`,
      "extra=1",
    ]) {
      const result = await list(cookie, query);
      expect(result.status, query).toBe(400);
      expect(result.json.error.code).toBe("validation");
    }
  });
});

describe("PATCH /api/crm/meetings/{id}", () => {
  it("a first held meeting goes on the timeline and moves the lead from Qualification to Discovery", async () => {
    const { account, cookie } = await signedIn("sales");
    const lead = await makeLead({ stage: "Qualification" });
    const meeting = await makeMeeting(account, -2 * HOUR_MS, { leadId: lead.id });
    const result = await outcome(cookie, meeting.id, { outcome: "held" });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ id: meeting.id, outcome: "held" });
    expect((await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } })).stage).toBe(
      "Discovery",
    );
    const entries = await testDb().activity.findMany({
      where: { leadId: lead.id },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => entry.type)).toEqual(["meeting_outcome", "stage_change"]);
    expect(entries[0]!.detail).toMatchObject({
      outcome: "held",
      reference: meeting.reference,
      type_en: "Strategy session",
    });
    expect(entries[0]!.actor).toBe(account.name);

    // The same outcome again writes nothing more.
    expect((await outcome(cookie, meeting.id, { outcome: "held" })).status).toBe(200);
    expect(await testDb().activity.count({ where: { leadId: lead.id } })).toBe(2);
  });

  it("a no-show, or a held meeting of a lead already past Qualification, leaves the stage alone", async () => {
    const { account, cookie } = await signedIn("manager");
    const fresh = await makeLead({ stage: "Qualification" });
    const noShow = await makeMeeting(account, -DAY_MS, { leadId: fresh.id });
    expect((await outcome(cookie, noShow.id, { outcome: "no_show" })).status).toBe(200);
    expect((await testDb().lead.findUniqueOrThrow({ where: { id: fresh.id } })).stage).toBe(
      "Qualification",
    );
    const advanced = await makeLead({ stage: "Proposal" });
    const held = await makeMeeting(account, -2 * DAY_MS, { leadId: advanced.id });
    expect((await outcome(cookie, held.id, { outcome: "held" })).status).toBe(200);
    expect((await testDb().lead.findUniqueOrThrow({ where: { id: advanced.id } })).stage).toBe(
      "Proposal",
    );
  });

  it("is 409 before the meeting starts or once it is cancelled; 404 for none; 400 for another word", async () => {
    const { account, cookie } = await signedIn("sales");
    const future = await makeMeeting(account, 3 * HOUR_MS);
    const early = await outcome(cookie, future.id, { outcome: "held" });
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("conflict");
    const cancelled = await makeMeeting(account, -HOUR_MS, { status: "cancelled" });
    expect((await outcome(cookie, cancelled.id, { outcome: "no_show" })).status).toBe(409);
    expect((await outcome(cookie, randomUUID(), { outcome: "held" })).status).toBe(404);
    expect((await outcome(cookie, future.id, { outcome: "great" })).status).toBe(400);
    expect((await outcome(cookie, future.id, {})).status).toBe(400);
    expect(
      (await testDb().meeting.findUniqueOrThrow({ where: { id: future.id } })).outcome,
    ).toBeNull();
  });

  it("under \"own\" visibility a sales account may not record a colleague's meeting with a colleague's lead", async () => {
    const { cookie } = await signedIn("sales");
    const colleague = await makeStaffAccount();
    const lead = await makeLead({ ownerId: colleague.id });
    const theirs = await makeMeeting(colleague, -HOUR_MS, { leadId: lead.id });
    await testDb().staffSettings.upsert({
      where: { id: 1 },
      create: { id: 1, salesLeadVisibility: "own" },
      update: { salesLeadVisibility: "own" },
    });
    expect((await outcome(cookie, theirs.id, { outcome: "held" })).status).toBe(403);
  });
});

describe("/api/crm/meeting-types", () => {
  const newType = (slug: string, overrides: Record<string, unknown> = {}) => ({
    slug,
    title_es: "Revisión",
    title_en: "Review",
    duration_minutes: 30,
    ...overrides,
  });
  const create = (cookie: string, body: unknown) =>
    callRoute(postType, { method: "POST", path: "/api/crm/meeting-types", body, cookie });
  const change = (cookie: string, id: string, body: unknown) =>
    callRoute(patchType, {
      method: "PATCH",
      path: `/api/crm/meeting-types/${id}`,
      params: { id },
      body,
      cookie,
    });

  it("a manager adds a type visitors can then book, changes it, and switches it off", async () => {
    const { cookie } = await signedIn("manager");
    const host = await makeStaffAccount();
    const slug = `review-${randomUUID().slice(0, 6)}`;
    const created = await create(cookie, newType(slug, { host_ids: [host.id] }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      slug,
      duration_minutes: 30,
      buffer_after_minutes: 0,
      min_notice_minutes: 240,
      horizon_days: 60,
      host_ids: [host.id],
      active: true,
    });
    const publicList = async () =>
      (await callRoute(getPublicTypes, { path: "/api/meetings/types?lang=en" })).json.data.map(
        (type: { slug: string }) => type.slug,
      );
    expect(await publicList()).toContain(slug);
    const all = await callRoute(getTypesAdmin, { path: "/api/crm/meeting-types", cookie });
    expect(all.json.data.map((type: { slug: string }) => type.slug)).toContain(slug);

    const changed = await change(cookie, created.json.id, {
      title_en: "Deep review",
      active: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ title_en: "Deep review", active: false });
    expect(await publicList()).not.toContain(slug);
  });

  it("a taken slug is 409; bad values and unknown hosts are 400 naming the field", async () => {
    const { cookie } = await signedIn("owner");
    const slug = `dup-${randomUUID().slice(0, 6)}`;
    expect((await create(cookie, newType(slug))).status).toBe(201);
    const twice = await create(cookie, newType(slug));
    expect(twice.status).toBe(409);
    const other = await create(cookie, newType(`${slug}-b`));
    expect((await change(cookie, other.json.id, { slug })).status).toBe(409);

    for (const [body, field] of [
      [newType("Bad Slug!"), "slug"],
      [newType(`${slug}-c`, { duration_minutes: 0 }), "duration_minutes"],
      [newType(`${slug}-d`, { horizon_days: 1000 }), "horizon_days"],
      [newType(`${slug}-e`, { host_ids: [randomUUID()] }), "host_ids"],
      [newType(`${slug}-f`, { title_es: "" }), "title_es"],
      [newType(`${slug}-g`, { title_en: "\u202eweiver" }), "title_en"],
    ] as const) {
      const result = await create(cookie, body);
      expect(result.status, field).toBe(400);
      expect(Object.keys(result.json.error.fields ?? {}), field).toContain(field);
    }
    expect((await change(cookie, other.json.id, {})).status).toBe(400);
    expect((await change(cookie, randomUUID(), { duration_minutes: 20 })).status).toBe(404);
  });

  it("a type whose host left can still be changed; the host can be taken off but not added back while deactivated", async () => {
    const { cookie } = await signedIn("owner");
    const leaver = await makeStaffAccount({ role: "sales" });
    const stays = await makeStaffAccount({ role: "sales" });
    const slug = `left-${randomUUID().slice(0, 6)}`;
    const created = await create(cookie, newType(slug, { host_ids: [leaver.id, stays.id] }));
    expect(created.status).toBe(201);
    const deactivated = await callRoute(patchAccount, {
      method: "PATCH",
      path: `/api/staff/accounts/${leaver.id}`,
      params: { id: leaver.id },
      body: { active: false },
      cookie,
    });
    expect(deactivated.status).toBe(200);

    // The form sends every field back, the deactivated host included: the other changes are kept.
    const kept = await change(cookie, created.json.id, {
      duration_minutes: 45,
      host_ids: [leaver.id, stays.id],
    });
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ duration_minutes: 45, host_ids: [leaver.id, stays.id] });
    const takenOff = await change(cookie, created.json.id, { host_ids: [stays.id] });
    expect(takenOff.json.host_ids).toEqual([stays.id]);

    // Naming a deactivated account anew is refused on the field, in the caller's language.
    const readded = await callRoute(patchType, {
      method: "PATCH",
      path: `/api/crm/meeting-types/${created.json.id}`,
      params: { id: created.json.id },
      body: { host_ids: [stays.id, leaver.id] },
      cookie,
      headers: { "accept-language": "es" },
    });
    expect(readded.status).toBe(400);
    expect(readded.json.error.fields.host_ids).toEqual([readded.json.error.message]);
    expect(readded.json.error.message).toMatch(/anfitri/i);
    expect(readded.json.error.message).not.toContain(leaver.id);

    // A taken address is said on the address field too.
    const other = await create(cookie, newType(`${slug}-b`));
    const taken = await change(cookie, other.json.id, { slug });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fields.slug).toEqual([taken.json.error.message]);
  });

  it("a type whose every named host left is not offered to visitors until someone can host it", async () => {
    const { cookie } = await signedIn("owner");
    const leaver = await makeStaffAccount({ role: "sales" });
    const slug = `alone-${randomUUID().slice(0, 6)}`;
    const created = await create(cookie, newType(slug, { host_ids: [leaver.id] }));
    expect(created.status).toBe(201);
    const publicSlugs = async () =>
      (await callRoute(getPublicTypes, { path: "/api/meetings/types?lang=es" })).json.data.map(
        (type: { slug: string }) => type.slug,
      );
    const today = new Date().toISOString().slice(0, 10);
    const slots = () =>
      callRoute(getSlots, {
        path: `/api/meetings/slots?type=${slug}&from=${today}&to=${today}&tz=Europe/Madrid`,
      });
    expect(await publicSlugs()).toContain(slug);
    expect((await slots()).status).toBe(200);

    const deactivated = await callRoute(patchAccount, {
      method: "PATCH",
      path: `/api/staff/accounts/${leaver.id}`,
      params: { id: leaver.id },
      body: { active: false },
      cookie,
    });
    expect(deactivated.status).toBe(200);
    expect(await publicSlugs()).not.toContain(slug);
    // The same answer as for a type switched off: a visitor is not shown an empty calendar.
    expect((await slots()).status).toBe(404);

    // Taking the departed host off hands the type to the team: it is offered again.
    const handedOver = await change(cookie, created.json.id, { host_ids: [] });
    expect(handedOver.status).toBe(200);
    expect(await publicSlugs()).toContain(slug);
    expect((await slots()).status).toBe(200);
  });

  it("is for managers and owners only", async () => {
    const { cookie } = await signedIn("sales");
    expect(
      (await callRoute(getTypesAdmin, { path: "/api/crm/meeting-types", cookie })).status,
    ).toBe(403);
    expect((await create(cookie, newType(`x-${randomUUID().slice(0, 6)}`))).status).toBe(403);
    expect((await change(cookie, typeId, { duration_minutes: 20 })).status).toBe(403);
    expect((await callRoute(getTypesAdmin, { path: "/api/crm/meeting-types" })).status).toBe(401);
  });
});

describe("/api/staff/availability", () => {
  const get = (cookie: string | undefined, query = "") =>
    callRoute(getAvailability, { path: `/api/staff/availability${query}`, cookie });
  const put = (cookie: string, body: unknown, query = "") =>
    callRoute(putAvailability, {
      method: "PUT",
      path: `/api/staff/availability${query}`,
      body,
      cookie,
    });
  const hours = {
    time_zone: "America/New_York",
    weekly: [
      { day: 2, start: "13:00", end: "17:00" },
      { day: 2, start: "09:00", end: "12:00" },
    ],
    days_off: ["2027-01-05", "2027-01-05"],
  };

  it("starts at the default, stores your own hours, and the public slots follow them", async () => {
    const { account, cookie } = await signedIn("sales");
    const start = await get(cookie);
    expect(start.status).toBe(200);
    expect(start.json).toMatchObject({
      account_id: account.id,
      time_zone: "Europe/Madrid",
      is_default: true,
      caldav: null,
    });
    expect(start.json.weekly).toHaveLength(5);
    // The staff tools show times in the zone of the account's hours: none saved yet, the team's default.
    const sessionOf = () => resolveStaffSession(cookie.slice(cookie.indexOf("=") + 1));
    expect((await sessionOf())?.timeZone).toBeUndefined();

    const saved = await put(cookie, hours);
    expect(saved.status).toBe(200);
    expect((await sessionOf())?.timeZone).toBe("America/New_York");
    expect(saved.json).toEqual({
      account_id: account.id,
      time_zone: "America/New_York",
      weekly: [
        { day: 2, start: "09:00", end: "12:00" },
        { day: 2, start: "13:00", end: "17:00" },
      ],
      days_off: ["2027-01-05"],
      is_default: false,
      caldav: null,
    });
    expect((await get(cookie)).json).toEqual(saved.json);

    // A type only this account hosts offers Tuesdays in New York hours, and not on a day off.
    const tuesday = nextWeekday(2, 8);
    const dayOff = addDays(tuesday, 7);
    expect((await put(cookie, { ...hours, days_off: [dayOff] })).status).toBe(200);
    const slug = `own-${randomUUID().slice(0, 6)}`;
    await testDb().meetingType.create({
      data: {
        slug,
        titleEs: "Llamada",
        titleEn: "Call",
        descriptionEs: "",
        descriptionEn: "",
        durationMinutes: 60,
        minNoticeMinutes: 0,
        horizonDays: 60,
        hostIds: [account.id],
      },
    });
    const slots = async (date: string) =>
      (
        await callRoute(getSlots, {
          path: `/api/meetings/slots?type=${slug}&from=${date}&to=${date}&tz=America/New_York`,
        })
      ).json.slots.map((slot: { start: string }) => slot.start);
    const at = (time: string) => instantAt(tuesday, time, "America/New_York").toISOString();
    // A 60-minute call fits 09:00–11:00 before the 12:00 break and 13:00–16:00 after it.
    expect(await slots(tuesday)).toEqual(
      ["09:00", "09:30", "10:00", "10:30", "11:00"]
        .concat(["13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"])
        .map(at),
    );
    expect(await slots(dayOff)).toEqual([]);
    expect(await slots(addDays(tuesday, 1))).toEqual([]);
  });

  it("refuses a zone that does not exist, overlapping periods, bad times and dates (400)", async () => {
    const { cookie } = await signedIn("sales");
    for (const [body, field] of [
      [{ ...hours, time_zone: "Mars/Olympus" }, "time_zone"],
      [{ ...hours, weekly: [{ day: 7, start: "09:00", end: "10:00" }] }, "weekly.0.day"],
      [{ ...hours, weekly: [{ day: 1, start: "9:00", end: "10:00" }] }, "weekly.0.start"],
      [{ ...hours, weekly: [{ day: 1, start: "11:00", end: "10:00" }] }, "weekly.0.end"],
      [
        {
          ...hours,
          weekly: [
            { day: 1, start: "09:00", end: "12:00" },
            { day: 1, start: "11:00", end: "13:00" },
          ],
        },
        "weekly.1.start",
      ],
      [{ ...hours, days_off: ["2027-02-30"] }, "days_off.0"],
    ] as const) {
      const result = await put(cookie, body);
      expect(result.status, field).toBe(400);
      expect(Object.keys(result.json.error.fields ?? {}), field).toContain(field);
    }
    expect((await get(undefined)).status).toBe(401);
  });

  it("another account's hours are the owner's alone: 403 for others, 404 for no such account", async () => {
    const target = await makeStaffAccount();
    const sales = await signedIn("sales");
    const manager = await signedIn("manager");
    const owner = await signedIn("owner");
    const query = `?account=${target.id}`;
    expect((await get(sales.cookie, query)).status).toBe(403);
    expect((await put(manager.cookie, hours, query)).status).toBe(403);
    const set = await put(owner.cookie, hours, query);
    expect(set.status).toBe(200);
    expect(set.json.account_id).toBe(target.id);
    expect((await get(owner.cookie, query)).json.time_zone).toBe("America/New_York");
    expect((await get(owner.cookie, `?account=${randomUUID()}`)).status).toBe(404);
    expect((await get(owner.cookie, "?account=nobody")).status).toBe(400);
    // The sales account's own hours were not touched.
    expect((await get(sales.cookie)).json.is_default).toBe(true);
  });
});

import "server-only";
import { db } from "@/lib/db";
import { appError } from "@/lib/http/server-message";
import en from "@/messages/en.json";
import type { StaffSession } from "@/lib/staff/session.service";
import { roleAtLeast } from "@/lib/staff/staff-access.service";
import { leadVisibilityOf, refuseAndAudit } from "@/lib/staff/staff-settings.service";
import {
  assertCalendarAddressAllowed,
  queueCalendarRead,
  sealPassword,
} from "./calendar-sync.service";
import { writeCalendar } from "./calendar-sync.repo";
import { handOverMeeting } from "./meetings.service";
import { DEFAULT_AVAILABILITY, type WeeklyHours } from "./slots";
import { isTimeZone } from "./time-zones";
import {
  accountExists,
  countUpcomingByHost,
  inactiveOrUnknownAccounts,
  insertType,
  isUniqueViolation,
  lockMeeting,
  selectAllTypes,
  selectAvailability,
  selectLeadOwner,
  selectMeeting,
  selectMeetings,
  selectTypeHostIds,
  updateOutcome,
  updateType,
  upsertAvailability,
  type MeetingTypeAdminRow,
  type MeetingTypeData,
  type StaffMeetingRow,
} from "./staff-meetings.repo";
import {
  CALENDAR_READ_FAILURES,
  DEFAULT_MEETING_LIST_DAYS,
  MAX_MEETING_LIST_ROWS,
  type AvailabilityDto,
  type MeetingOutcome,
  type MeetingTypeAdminDto,
  type StaffMeetingDto,
  type TAvailabilityUpdate,
  type TCreateMeetingType,
  type TStaffMeetingsQuery,
  type TUpdateMeetingType,
} from "./staff-meetings.schema";

const DAY_MS = 86_400_000;
const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };

function toStaffMeeting(row: StaffMeetingRow): StaffMeetingDto {
  return {
    id: row.id,
    reference: row.reference,
    type: { slug: row.type.slug, title_es: row.type.titleEs, title_en: row.type.titleEn },
    status: row.status === "cancelled" ? "cancelled" : "booked",
    outcome: (row.outcome as MeetingOutcome | null) ?? null,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    time_zone: row.timeZone,
    host: { id: row.host.id, name: row.host.name, active: row.host.active },
    lead: row.lead ? { id: row.lead.id, name: row.lead.name } : null,
    name: row.name,
    email: row.email,
    company: row.company,
    notes: row.notes,
  };
}

/**
 * A host's meetings in a span, or a lead's. Sales accounts under the owner's "own" visibility see their own
 * meetings and those of leads they may see; asking for a colleague's or a colleague's lead is 403.
 */
export async function listStaffMeetings(
  query: TStaffMeetingsQuery,
  session: StaffSession,
  now = new Date(),
): Promise<{ data: StaffMeetingDto[]; truncated: boolean }> {
  const me = session.account.id;
  const visibleTo = await leadVisibilityOf(session);
  const host = query.host ?? (query.lead ? "all" : "me");
  const hostId = host === "me" ? me : host === "all" ? undefined : host;
  if (visibleTo && hostId && hostId !== me)
    await refuseAndAudit(session, { action: "read_meetings", host: hostId });
  if (query.lead) {
    const lead = await selectLeadOwner(query.lead);
    if (visibleTo && lead?.ownerId && lead.ownerId !== visibleTo)
      await refuseAndAudit(session, { action: "read_lead", lead_id: query.lead });
  }
  // A lead's meetings are few: all of them unless a span is asked; a host's default to the coming weeks.
  const from = query.from ? new Date(query.from) : query.lead ? undefined : now;
  const to = query.to
    ? new Date(query.to)
    : from
      ? new Date(from.getTime() + DEFAULT_MEETING_LIST_DAYS * DAY_MS)
      : undefined;
  const rows = await selectMeetings({
    hostId,
    leadId: query.lead,
    visibleTo: visibleTo ?? undefined,
    from,
    to,
  });
  return {
    data: rows.slice(0, MAX_MEETING_LIST_ROWS).map(toStaffMeeting),
    truncated: rows.length > MAX_MEETING_LIST_ROWS,
  };
}

/**
 * A manager or owner hands an upcoming meeting whose host has left to an active colleague (the route
 * checks the role). 400 on `host_id` for an account that is not active; the rest is handOverMeeting's.
 */
export async function handOverStaffMeeting(
  id: string,
  hostId: string,
  session: StaffSession,
  now = new Date(),
): Promise<StaffMeetingDto> {
  if (!(await selectMeeting(id))) throw appError("not_found", "noMeeting");
  if ((await inactiveOrUnknownAccounts([hostId])).length > 0)
    throw appError("validation", "meetingHostInactive", {
      fields: { host_id: [en.ApiErrors.meetingHostInactive] },
    });
  await handOverMeeting(
    id,
    hostId,
    { name: session.actorName, accountId: session.account.id },
    now,
  );
  return toStaffMeeting((await selectMeeting(id))!);
}

const OUTCOME_WORDS: Record<MeetingOutcome, string> = {
  held: "held",
  no_show: "a no-show",
  rescheduled: "to be rescheduled",
};

/**
 * Records how a meeting went, once it has started: its host, a manager or an owner, or anyone who may see
 * its lead. On the timeline; the lead's first held meeting moves it from Qualification to Discovery.
 */
export async function setMeetingOutcome(
  id: string,
  outcome: MeetingOutcome,
  session: StaffSession,
  now = new Date(),
): Promise<StaffMeetingDto> {
  const current = await selectMeeting(id);
  if (!current) throw appError("not_found", "noMeeting");
  const visibleTo = await leadVisibilityOf(session);
  if (
    visibleTo &&
    current.hostId !== visibleTo &&
    current.lead?.ownerId &&
    current.lead.ownerId !== visibleTo
  )
    await refuseAndAudit(session, { action: "meeting_outcome", meeting_id: id });
  const updated = await db.$transaction(async (tx) => {
    await lockMeeting(id, tx);
    const meeting = (await selectMeeting(id, tx))!;
    if (meeting.status !== "booked") throw appError("conflict", "meetingCancelledNoOutcome");
    if (meeting.startsAt > now) throw appError("conflict", "meetingNotYet");
    // The same outcome again changes nothing and writes no second entry.
    if (meeting.outcome === outcome) return meeting;
    return updateOutcome(tx, {
      id,
      outcome,
      actor: { name: session.actorName, accountId: session.account.id },
      activity: {
        content: `The ${meeting.type.titleEn} of ${meeting.startsAt.toISOString()} was ${OUTCOME_WORDS[outcome]}.`,
        detail: {
          meetingId: meeting.id,
          reference: meeting.reference,
          outcome,
          type_es: meeting.type.titleEs,
          type_en: meeting.type.titleEn,
          start: meeting.startsAt.toISOString(),
          host: meeting.host.name,
        },
      },
    });
  }, TX_OPTIONS);
  return toStaffMeeting(updated);
}

// ——— Meeting types (the routes let managers and owners only) ———

function toTypeDto(row: MeetingTypeAdminRow): MeetingTypeAdminDto {
  return {
    id: row.id,
    slug: row.slug,
    title_es: row.titleEs,
    title_en: row.titleEn,
    description_es: row.descriptionEs,
    description_en: row.descriptionEn,
    duration_minutes: row.durationMinutes,
    buffer_before_minutes: row.bufferBeforeMinutes,
    buffer_after_minutes: row.bufferAfterMinutes,
    min_notice_minutes: row.minNoticeMinutes,
    horizon_days: row.horizonDays,
    host_ids: row.hostIds,
    active: row.active,
    position: row.position,
  };
}

function typeData(input: TUpdateMeetingType): Partial<MeetingTypeData> {
  const data: Partial<MeetingTypeData> = {};
  if (input.slug !== undefined) data.slug = input.slug;
  if (input.title_es !== undefined) data.titleEs = input.title_es;
  if (input.title_en !== undefined) data.titleEn = input.title_en;
  if (input.description_es !== undefined) data.descriptionEs = input.description_es;
  if (input.description_en !== undefined) data.descriptionEn = input.description_en;
  if (input.duration_minutes !== undefined) data.durationMinutes = input.duration_minutes;
  if (input.buffer_before_minutes !== undefined)
    data.bufferBeforeMinutes = input.buffer_before_minutes;
  if (input.buffer_after_minutes !== undefined)
    data.bufferAfterMinutes = input.buffer_after_minutes;
  if (input.min_notice_minutes !== undefined) data.minNoticeMinutes = input.min_notice_minutes;
  if (input.horizon_days !== undefined) data.horizonDays = input.horizon_days;
  if (input.host_ids !== undefined) data.hostIds = [...new Set(input.host_ids)];
  if (input.active !== undefined) data.active = input.active;
  if (input.position !== undefined) data.position = input.position;
  return data;
}

/**
 * Refuses a host being added who is not an active account. One the type already names may stay after
 * their account is deactivated (bookings skip them, and a reactivated account hosts again), so a manager
 * can still change the rest of the type; the form shows them as deactivated, to keep or take off.
 */
async function assertHosts(hostIds: string[] | undefined, alreadyNamed: string[] = []) {
  const added = (hostIds ?? []).filter((id) => !alreadyNamed.includes(id));
  if ((await inactiveOrUnknownAccounts(added)).length > 0)
    throw appError("validation", "meetingHostUnknown", {
      fields: { host_ids: [en.ApiErrors.meetingHostUnknown] },
    });
}

const slugTaken = () =>
  appError("conflict", "meetingTypeSlugTaken", {
    fields: { slug: [en.ApiErrors.meetingTypeSlugTaken] },
  });

export async function listMeetingTypesAdmin(): Promise<MeetingTypeAdminDto[]> {
  return (await selectAllTypes()).map(toTypeDto);
}

export async function createMeetingType(input: TCreateMeetingType): Promise<MeetingTypeAdminDto> {
  await assertHosts(input.host_ids);
  try {
    return toTypeDto(await insertType(typeData(input) as MeetingTypeData));
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function updateMeetingType(
  id: string,
  patch: TUpdateMeetingType,
): Promise<MeetingTypeAdminDto> {
  if (patch.host_ids) await assertHosts(patch.host_ids, await selectTypeHostIds(id));
  try {
    const row = await updateType(id, typeData(patch));
    if (!row) throw appError("not_found", "noMeetingType");
    return toTypeDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

// ——— Availability ———

/** Whose hours: your own, or (owners) any account's; 403 for anyone else's, 404 for no such account. */
async function accountOf(account: string | undefined, session: StaffSession): Promise<string> {
  if (!account || account === session.account.id) return session.account.id;
  if (!roleAtLeast(session.account.role, "owner"))
    throw appError("forbidden", "availabilityOwnerOnly");
  if (!(await accountExists(account))) throw appError("not_found", "noAccount");
  return account;
}

const byDayAndStart = (a: WeeklyHours, b: WeeklyHours) =>
  a.day - b.day || a.start.localeCompare(b.start);

/**
 * The zone a member of staff reads clock times and days in: the one their meeting hours are kept in, else
 * the team's default (the zone bookable hours fall back to). Staff screens format times in it, and "today"
 * in their own lists (overdue tasks, "Today" among meetings) starts at its midnight (docs/product.md#meetings).
 */
export function staffTimeZoneOf(
  session: Pick<StaffSession, "timeZone"> | null | undefined,
): string {
  const zone = session?.timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_AVAILABILITY.timeZone;
}

export async function getAvailability(
  account: string | undefined,
  session: StaffSession,
): Promise<AvailabilityDto> {
  const accountId = await accountOf(account, session);
  const row = await selectAvailability(accountId);
  if (!row)
    return {
      account_id: accountId,
      time_zone: DEFAULT_AVAILABILITY.timeZone,
      weekly: DEFAULT_AVAILABILITY.weekly,
      days_off: [],
      is_default: true,
      caldav: null,
    };
  return {
    account_id: accountId,
    time_zone: row.timeZone,
    weekly: (Array.isArray(row.weekly) ? (row.weekly as unknown as WeeklyHours[]) : []).sort(
      byDayAndStart,
    ),
    days_off: row.daysOff.map((day) => day.toISOString().slice(0, 10)).sort(),
    is_default: false,
    caldav: row.caldavUrl
      ? {
          url: row.caldavUrl,
          username: row.caldavUsername ?? "",
          connected: row.caldavReadAt !== null && row.caldavFailingSince === null,
          read_at: row.caldavReadAt?.toISOString() ?? null,
          failing_since: row.caldavFailingSince?.toISOString() ?? null,
          error: (CALENDAR_READ_FAILURES as readonly string[]).includes(row.caldavError ?? "")
            ? (row.caldavError as (typeof CALENDAR_READ_FAILURES)[number])
            : null,
        }
      : null,
  };
}

/** Replaces the hours; from now on slots and bookings read them (booked meetings stay where they are). */
export async function putAvailability(
  account: string | undefined,
  input: TAvailabilityUpdate,
  session: StaffSession,
): Promise<AvailabilityDto> {
  const accountId = await accountOf(account, session);
  const weekly = input.weekly
    .map(({ day, start, end }) => ({ day, start, end }))
    .sort(byDayAndStart);
  const daysOff = [...new Set(input.days_off)].sort();
  if (input.caldav) await assertCalendarAddressAllowed(input.caldav.url);
  // Sealed before the transaction: encryption is slow enough not to hold a connection for it.
  const calendar = input.caldav
    ? {
        url: input.caldav.url,
        username: input.caldav.username,
        secret: await sealPassword(input.caldav.password),
      }
    : input.caldav;
  await db.$transaction(async (tx) => {
    await upsertAvailability(
      accountId,
      {
        timeZone: input.time_zone,
        weekly,
        daysOff: daysOff.map((day) => new Date(`${day}T00:00:00.000Z`)),
      },
      tx,
    );
    if (calendar === undefined) return;
    await writeCalendar(accountId, calendar, tx);
    // Read at once through the queue; the screen shows the calendar as not read yet until then.
    if (calendar) await queueCalendarRead(accountId, tx);
  });
  return getAvailability(accountId, session);
}

/** Booked meetings still to come per host (hosts with none are left out): what a leaver leaves behind. */
export function countUpcomingMeetingsByHost(
  hostIds: string[],
  now = new Date(),
): Promise<Map<string, number>> {
  return countUpcomingByHost(hostIds, now);
}

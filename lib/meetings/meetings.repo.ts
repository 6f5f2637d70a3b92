import "server-only";
import { db, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_AVAILABILITY, type HostSchedule, type WeeklyHours } from "./slots";

/** What booking needs of a meeting type (the staff screens add `active` and `position`). */
export const TYPE_SELECT = {
  id: true,
  slug: true,
  titleEs: true,
  titleEn: true,
  descriptionEs: true,
  descriptionEn: true,
  durationMinutes: true,
  bufferBeforeMinutes: true,
  bufferAfterMinutes: true,
  minNoticeMinutes: true,
  horizonDays: true,
  hostIds: true,
} satisfies Prisma.MeetingTypeSelect;
export type MeetingTypeRow = Prisma.MeetingTypeGetPayload<{ select: typeof TYPE_SELECT }>;

/** The types visitors may book, in the staff's order. */
export async function selectBookableTypes(): Promise<MeetingTypeRow[]> {
  const types = await db.meetingType.findMany({
    where: { active: true },
    orderBy: [{ position: "asc" }, { slug: "asc" }],
    select: TYPE_SELECT,
  });
  return withSomeoneToHost(types);
}

/** Every type's slug and titles, retired ones too: a booking filed long ago still names its type. */
export function selectTypeTitles() {
  return db.meetingType.findMany({ select: { slug: true, titleEs: true, titleEn: true } });
}

/** A meeting's type by id, active or not (a booked meeting keeps the type it was made with). */
export function selectTypeById(id: string, client: DbClient = db): Promise<MeetingTypeRow> {
  return client.meetingType.findUniqueOrThrow({ where: { id }, select: TYPE_SELECT });
}

/** A type visitors may book by its slug, or null. */
export async function selectBookableType(slug: string, client: DbClient = db) {
  const type = await client.meetingType.findFirst({
    where: { slug, active: true },
    select: TYPE_SELECT,
  });
  if (!type) return null;
  const [bookable] = await withSomeoneToHost([type], client);
  return bookable ?? null;
}

/**
 * Leaves out the types whose named hosts have all been deactivated: nobody is left to take their
 * meetings, so visitors would be shown an empty calendar (the staff card says so; see docs/product.md).
 * A type naming no host is hosted by the team and always kept.
 */
async function withSomeoneToHost<T extends Pick<MeetingTypeRow, "hostIds">>(
  types: T[],
  client: DbClient = db,
): Promise<T[]> {
  const named = [...new Set(types.flatMap((type) => type.hostIds))];
  if (named.length === 0) return types;
  const active = new Set(
    (
      await client.staffAccount.findMany({
        where: { id: { in: named }, active: true },
        select: { id: true },
      })
    ).map((account) => account.id),
  );
  return types.filter(
    (type) => type.hostIds.length === 0 || type.hostIds.some((id) => active.has(id)),
  );
}

/**
 * The accounts that host a type: the ones it names that are still active, or (naming none) every active
 * sales account that has signed in at least once, as new leads are shared (lib/leads/lead-assignment.repo.ts);
 * a team with no such account yet (only its owner) is hosted by every active account.
 */
export async function selectHostIds(type: MeetingTypeRow, client: DbClient = db) {
  const ids = (where: Prisma.StaffAccountWhereInput) =>
    client.staffAccount
      .findMany({ where, orderBy: { id: "asc" }, select: { id: true } })
      .then((rows) => rows.map((row) => row.id));
  if (type.hostIds.length > 0) return ids({ id: { in: type.hostIds }, active: true });
  const sales = await ids({ role: "sales", active: true, lastSignInAt: { not: null } });
  return sales.length > 0 ? sales : ids({ active: true });
}

const asWeekly = (value: Prisma.JsonValue): WeeklyHours[] =>
  Array.isArray(value) ? (value as unknown as WeeklyHours[]) : DEFAULT_AVAILABILITY.weekly;

/** Each host's working hours (or the default) with its live bookings around [from, to). */
export async function selectHostSchedules(
  hostIds: string[],
  range: { from: Date; to: Date },
  client: DbClient = db,
): Promise<HostSchedule[]> {
  if (hostIds.length === 0) return [];
  // A booking's buffers (at most a day) can reach into the range from outside it.
  const margin = 24 * 60 * 60 * 1000;
  const [availability, bookings, busy] = await Promise.all([
    client.staffAvailability.findMany({
      where: { accountId: { in: hostIds } },
      select: { accountId: true, timeZone: true, weekly: true, daysOff: true },
    }),
    client.meeting.findMany({
      where: {
        hostId: { in: hostIds },
        status: "booked",
        startsAt: { lt: new Date(range.to.getTime() + margin) },
        endsAt: { gt: new Date(range.from.getTime() - margin) },
      },
      select: {
        hostId: true,
        startsAt: true,
        endsAt: true,
        type: { select: { bufferBeforeMinutes: true, bufferAfterMinutes: true } },
      },
    }),
    // What the hosts' calendars say they are busy with (read by lib/meetings/calendar-sync.service.ts).
    client.staffBusyTime.findMany({
      where: {
        accountId: { in: hostIds },
        startsAt: { lt: new Date(range.to.getTime() + margin) },
        endsAt: { gt: new Date(range.from.getTime() - margin) },
      },
      select: { accountId: true, startsAt: true, endsAt: true },
    }),
  ]);
  return hostIds.map((id) => {
    const own = availability.find((row) => row.accountId === id);
    return {
      id,
      timeZone: own?.timeZone ?? DEFAULT_AVAILABILITY.timeZone,
      weekly: own ? asWeekly(own.weekly) : DEFAULT_AVAILABILITY.weekly,
      daysOff: own ? own.daysOff.map((day) => day.toISOString().slice(0, 10)) : [],
      bookings: bookings
        .filter((booking) => booking.hostId === id)
        .map((booking) => ({
          start: booking.startsAt.getTime(),
          end: booking.endsAt.getTime(),
          bufferBeforeMinutes: booking.type.bufferBeforeMinutes,
          bufferAfterMinutes: booking.type.bufferAfterMinutes,
        })),
      busy: busy
        .filter((time) => time.accountId === id)
        .map((time) => ({ start: time.startsAt.getTime(), end: time.endsAt.getTime() })),
    };
  });
}

/**
 * Serialises every booking that could involve these hosts until the transaction ends (in id order, so
 * two bookings never wait on each other crosswise): the free-time check and the insert see the same world.
 */
export async function lockHosts(hostIds: string[], tx: DbClient) {
  for (const id of [...hostIds].sort())
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`meeting-host:${id}`}))`;
}

/** Round-robin without a turn table: the free host whose latest booking was made longest ago goes next. */
export async function pickLeastRecentlyBooked(hostIds: string[], tx: DbClient): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT h.id::text AS id
      FROM unnest(${hostIds}::uuid[]) AS h(id)
      LEFT JOIN LATERAL (SELECT max(created_at) AS last FROM meetings m WHERE m.host_id = h.id) l ON true
     ORDER BY l.last ASC NULLS FIRST, h.id
     LIMIT 1`;
  return rows[0]!.id;
}

export function selectAccount(id: string, client: DbClient = db) {
  return client.staffAccount.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      email: true,
      lang: true,
      availability: { select: { timeZone: true } },
    },
  });
}

/** Whether a database error is the exclusion constraint refusing an overlapping booking. */
export function isOverlapViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (value: unknown): boolean => {
    if (!value || typeof value !== "object" || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (record.code === "23P01") return true;
    if (typeof record.message === "string" && record.message.includes("meetings_host_no_overlap"))
      return true;
    return ["cause", "meta", "originalError"].some((key) => walk(record[key]));
  };
  return walk(error);
}

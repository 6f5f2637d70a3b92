import "server-only";
import { db, type DbClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { TYPE_SELECT } from "./meetings.repo";
import { MAX_MEETING_LIST_ROWS } from "./staff-meetings.schema";

export const STAFF_MEETING_SELECT = {
  id: true,
  reference: true,
  status: true,
  outcome: true,
  startsAt: true,
  endsAt: true,
  timeZone: true,
  name: true,
  email: true,
  company: true,
  notes: true,
  leadId: true,
  hostId: true,
  type: { select: { slug: true, titleEs: true, titleEn: true } },
  host: { select: { id: true, name: true, active: true } },
  lead: { select: { id: true, name: true, ownerId: true } },
} satisfies Prisma.MeetingSelect;
export type StaffMeetingRow = Prisma.MeetingGetPayload<{ select: typeof STAFF_MEETING_SELECT }>;

/** Meetings overlapping [from, to) of some hosts and/or one lead, earliest first. */
export function selectMeetings(filter: {
  hostId?: string;
  leadId?: string;
  /** With "own" lead visibility: only meetings this account hosts or whose lead it may see. */
  visibleTo?: string;
  from?: Date;
  to?: Date;
}): Promise<StaffMeetingRow[]> {
  const where: Prisma.MeetingWhereInput = {
    ...(filter.hostId ? { hostId: filter.hostId } : {}),
    ...(filter.leadId ? { leadId: filter.leadId } : {}),
    ...(filter.from ? { endsAt: { gt: filter.from } } : {}),
    ...(filter.to ? { startsAt: { lt: filter.to } } : {}),
    ...(filter.visibleTo
      ? {
          OR: [
            { hostId: filter.visibleTo },
            { leadId: null },
            { lead: { ownerId: null } },
            { lead: { ownerId: filter.visibleTo } },
          ],
        }
      : {}),
  };
  return db.meeting.findMany({
    where,
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    // One more than a list shows, so the service knows whether it cut the list.
    take: MAX_MEETING_LIST_ROWS + 1,
    select: STAFF_MEETING_SELECT,
  });
}

export function selectMeeting(id: string, client: DbClient = db) {
  return client.meeting.findUnique({ where: { id }, select: STAFF_MEETING_SELECT });
}

export function selectLeadOwner(id: string) {
  return db.lead.findUnique({ where: { id }, select: { ownerId: true } });
}

export function accountExists(id: string) {
  return db.staffAccount
    .findUnique({ where: { id }, select: { id: true } })
    .then((row) => row !== null);
}

/**
 * Records an outcome under a row lock; its timeline entry, and for the lead's first held meeting the move
 * from Qualification to Discovery with the same stage_change entry the CRM writes.
 */
export async function updateOutcome(
  tx: DbClient,
  input: {
    id: string;
    outcome: string;
    activity: { content: string; detail: Prisma.InputJsonValue } | null;
    actor: { name: string; accountId: string };
  },
): Promise<StaffMeetingRow> {
  const meeting = await tx.meeting.update({
    where: { id: input.id },
    data: { outcome: input.outcome },
    select: STAFF_MEETING_SELECT,
  });
  if (!meeting.leadId || !input.activity) return meeting;
  const actor = { actor: input.actor.name, actorId: input.actor.accountId };
  await tx.activity.create({
    data: {
      leadId: meeting.leadId,
      type: "meeting_outcome",
      content: input.activity.content,
      detail: input.activity.detail,
      ...actor,
    },
  });
  if (input.outcome !== "held") return meeting;
  const heldBefore = await tx.meeting.count({
    where: { leadId: meeting.leadId, outcome: "held", id: { not: meeting.id } },
  });
  const lead = await tx.lead.findUnique({
    where: { id: meeting.leadId },
    select: { stage: true },
  });
  if (heldBefore === 0 && lead?.stage === "Qualification") {
    await tx.lead.update({ where: { id: meeting.leadId }, data: { stage: "Discovery" } });
    await tx.activity.create({
      data: {
        leadId: meeting.leadId,
        type: "stage_change",
        content: "Qualification → Discovery",
        detail: { from: "Qualification", to: "Discovery" },
        ...actor,
      },
    });
  }
  return meeting;
}

export const lockMeeting = (id: string, tx: DbClient) =>
  tx.$queryRaw`SELECT id FROM meetings WHERE id = ${id}::uuid FOR UPDATE`;

// ——— Meeting types ———

const TYPE_ADMIN_SELECT = {
  ...TYPE_SELECT,
  active: true,
  position: true,
} satisfies Prisma.MeetingTypeSelect;
export type MeetingTypeAdminRow = Prisma.MeetingTypeGetPayload<{
  select: typeof TYPE_ADMIN_SELECT;
}>;
export type MeetingTypeData = Omit<MeetingTypeAdminRow, "id">;

export function selectAllTypes(): Promise<MeetingTypeAdminRow[]> {
  return db.meetingType.findMany({
    orderBy: [{ position: "asc" }, { slug: "asc" }],
    select: TYPE_ADMIN_SELECT,
  });
}

export function insertType(data: MeetingTypeData): Promise<MeetingTypeAdminRow> {
  return db.meetingType.create({ data, select: TYPE_ADMIN_SELECT });
}

/** The hosts a type names now; empty when there is no such type. */
export async function selectTypeHostIds(id: string): Promise<string[]> {
  const row = await db.meetingType.findUnique({ where: { id }, select: { hostIds: true } });
  return row?.hostIds ?? [];
}

/** null when there is no such type. */
export async function updateType(
  id: string,
  data: Partial<MeetingTypeData>,
): Promise<MeetingTypeAdminRow | null> {
  try {
    return await db.meetingType.update({ where: { id }, data, select: TYPE_ADMIN_SELECT });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025")
      return null;
    throw error;
  }
}

export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** The ids among `ids` that are not active staff accounts. */
export async function inactiveOrUnknownAccounts(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.staffAccount.findMany({
    where: { id: { in: ids }, active: true },
    select: { id: true },
  });
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

// ——— Availability ———

const AVAILABILITY_SELECT = {
  timeZone: true,
  weekly: true,
  daysOff: true,
  caldavUrl: true,
  caldavUsername: true,
  caldavReadAt: true,
  caldavFailingSince: true,
  caldavError: true,
} satisfies Prisma.StaffAvailabilitySelect;

export function selectAvailability(accountId: string) {
  return db.staffAvailability.findUnique({ where: { accountId }, select: AVAILABILITY_SELECT });
}

export function upsertAvailability(
  accountId: string,
  data: { timeZone: string; weekly: Prisma.InputJsonValue; daysOff: Date[] },
  client: DbClient = db,
) {
  return client.staffAvailability.upsert({
    where: { accountId },
    create: { accountId, ...data },
    update: data,
    select: { timeZone: true, weekly: true, daysOff: true },
  });
}

/** How many booked meetings each of `hostIds` has from `now` on (hosts with none are left out). */
export async function countUpcomingByHost(
  hostIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (hostIds.length === 0) return new Map();
  const rows = await db.meeting.groupBy({
    by: ["hostId"],
    where: { hostId: { in: hostIds }, status: "booked", startsAt: { gt: now } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.hostId, row._count._all]));
}

import "server-only";
import { db, type DbClient } from "@/lib/db";

export interface StoredCalendar {
  url: string;
  username: string;
  secret: string;
  timeZone: string;
}

/** An account's calendar as stored (the password still sealed), or null when it has none. */
export async function selectCalendar(
  accountId: string,
  client: DbClient = db,
): Promise<StoredCalendar | null> {
  const row = await client.staffAvailability.findUnique({
    where: { accountId },
    select: { caldavUrl: true, caldavUsername: true, caldavSecret: true, timeZone: true },
  });
  if (!row?.caldavUrl || row.caldavUsername === null || !row.caldavSecret) return null;
  return {
    url: row.caldavUrl,
    username: row.caldavUsername,
    secret: row.caldavSecret,
    timeZone: row.timeZone,
  };
}

export async function selectConnectedAccountIds(): Promise<string[]> {
  const rows = await db.staffAvailability.findMany({
    where: { caldavUrl: { not: null }, account: { active: true } },
    select: { accountId: true },
  });
  return rows.map((row) => row.accountId);
}

/** The furthest any active type may be booked ahead (days); the default type's when none is active. */
export async function selectLongestHorizonDays(): Promise<number> {
  const found = await db.meetingType.aggregate({
    where: { active: true },
    _max: { horizonDays: true },
  });
  return found._max.horizonDays ?? 60;
}

/**
 * Replaces the account's busy times with a fresh read and marks the calendar read, unless the calendar
 * changed while it was being read (another URL or password: that read is not this calendar's).
 */
export function replaceBusyTimes(
  accountId: string,
  readWith: string,
  intervals: { start: Date; end: Date }[],
  now: Date,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ caldav_secret: string | null }[]>`
      SELECT caldav_secret FROM staff_availability WHERE account_id = ${accountId}::uuid FOR UPDATE`;
    if (locked[0]?.caldav_secret !== readWith) return false;
    await tx.staffBusyTime.deleteMany({ where: { accountId } });
    if (intervals.length > 0)
      await tx.staffBusyTime.createMany({
        data: intervals.map((interval) => ({
          accountId,
          startsAt: interval.start,
          endsAt: interval.end,
        })),
      });
    await tx.staffAvailability.update({
      where: { accountId },
      data: { caldavReadAt: now, caldavFailingSince: null, caldavError: null },
    });
    return true;
  });
}

/** Notes a failed read (the busy times last read stay), keeping when the failures began. */
export function recordReadFailure(accountId: string, readWith: string, reason: string, now: Date) {
  return db.$executeRaw`
    UPDATE staff_availability
       SET caldav_failing_since = COALESCE(caldav_failing_since, ${now}), caldav_error = ${reason}
     WHERE account_id = ${accountId}::uuid AND caldav_secret = ${readWith}`;
}

/** Connects, replaces or (null) removes an account's calendar; its busy times go with the old one. */
export async function writeCalendar(
  accountId: string,
  calendar: { url: string; username: string; secret: string } | null,
  client: DbClient,
) {
  await client.staffBusyTime.deleteMany({ where: { accountId } });
  await client.staffAvailability.update({
    where: { accountId },
    data: {
      caldavUrl: calendar?.url ?? null,
      caldavUsername: calendar?.username ?? null,
      caldavSecret: calendar?.secret ?? null,
      caldavReadAt: null,
      caldavFailingSince: null,
      caldavError: null,
    },
  });
}

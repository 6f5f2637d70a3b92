import "server-only";
import { randomUUID } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { appError } from "@/lib/http/server-message";
import en from "@/messages/en.json";
import { enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { site } from "@/lib/site";
import { busyIntervalsOf, CalendarReadError, fetchCalendarObjects } from "./caldav";
import { mayLeadToPublicAddress } from "./calendar-egress";
import {
  recordReadFailure,
  replaceBusyTimes,
  selectCalendar,
  selectConnectedAccountIds,
  selectLongestHorizonDays,
} from "./calendar-sync.repo";

// Busy times from each host's CalDAV calendar (docs/decisions/017-meetings.md#caldav): read by a job of the
// PostgreSQL queue when the calendar is connected and every REFRESH_MINUTES after, stored, and left out of
// the slots by lib/meetings/slots.ts. A read that fails keeps the busy times last read and shows the host
// since when the calendar could not be read; it never stops slots being offered.

export const CALENDAR_REFRESH_JOB = "meeting.calendar-refresh";
export const REFRESH_MINUTES = 15;
const DAY_MS = 86_400_000;

/** The calendar password as stored: encrypted with SESSION_SECRET, as the two-factor secrets are. */
export const sealPassword = (password: string) =>
  symmetricEncrypt({ key: serverEnv().SESSION_SECRET, data: password });
const openPassword = (sealed: string) =>
  symmetricDecrypt({ key: serverEnv().SESSION_SECRET, data: sealed });

/** Our own invitations (UID {meeting id}@{site host}) are bookings already, with their buffers. */
const ownUidSuffix = () => `@${new URL(site.siteUrl).hostname}`;

/**
 * Refuses (400, on the address field) a calendar address that can only lead to a private network where
 * the deployment does not allow those, so the person hears it when they connect it, not after the first
 * read fails.
 */
export async function assertCalendarAddressAllowed(url: string): Promise<void> {
  if (serverEnv().CALENDAR_PRIVATE_ADDRESSES === "allow") return;
  if (await mayLeadToPublicAddress(url)) return;
  throw appError("validation", "calendarPrivateAddress", {
    fields: { "caldav.url": [en.ApiErrors.calendarPrivateAddress] },
  });
}

/** Queues a read of the account's calendar now (after it is connected or changed), in the caller's transaction. */
export function queueCalendarRead(accountId: string, client: DbClient) {
  return enqueueJob(
    {
      kind: CALENDAR_REFRESH_JOB,
      key: `caldav:${accountId}:connect:${randomUUID()}`,
      payload: { accountId },
      maxAttempts: 1,
    },
    client,
  );
}

/** Each connected calendar is read once per REFRESH_MINUTES (idempotent: keyed on the period). */
export async function scheduleCalendarReads(now = new Date()): Promise<void> {
  const period = Math.floor(now.getTime() / (REFRESH_MINUTES * 60_000));
  for (const accountId of await selectConnectedAccountIds())
    await enqueueJob({
      kind: CALENDAR_REFRESH_JOB,
      key: `caldav:${accountId}:${period}`,
      payload: { accountId },
      // The next period's read is the retry: a calendar that is down is not hammered meanwhile.
      maxAttempts: 1,
    });
}

export type CalendarReadOutcome =
  { read: number } | { failed: string; detail: string } | { skipped: "no_calendar" | "changed" };

/**
 * Reads the account's calendar from a day ago to the longest horizon any meeting type offers and stores
 * its busy times; a failure is recorded on the account (the availability screen shows it), not thrown.
 */
export async function readCalendar(
  accountId: string,
  now = new Date(),
): Promise<CalendarReadOutcome> {
  const calendar = await selectCalendar(accountId);
  if (!calendar) return { skipped: "no_calendar" };
  const horizonDays = Math.min(await selectLongestHorizonDays(), 366);
  const range = {
    from: new Date(now.getTime() - DAY_MS),
    to: new Date(now.getTime() + (horizonDays + 1) * DAY_MS),
  };
  try {
    let password: string;
    try {
      password = await openPassword(calendar.secret);
    } catch {
      // A changed SESSION_SECRET cannot open it: the person connects the calendar again.
      throw new CalendarReadError("auth", "the stored password cannot be decrypted");
    }
    const objects = await fetchCalendarObjects(
      { url: calendar.url, username: calendar.username, password },
      range,
      { allowPrivateAddresses: serverEnv().CALENDAR_PRIVATE_ADDRESSES === "allow" },
    );
    const busy = busyIntervalsOf(objects, range, calendar.timeZone, ownUidSuffix());
    const saved = await replaceBusyTimes(accountId, calendar.secret, busy, now);
    return saved ? { read: busy.length } : { skipped: "changed" };
  } catch (error) {
    if (!(error instanceof CalendarReadError)) throw error;
    await recordReadFailure(accountId, calendar.secret, error.reason, now);
    return { failed: error.reason, detail: error.message };
  }
}

export const calendarRefreshHandler: JobHandler = {
  async run(payload) {
    const { accountId } = (payload ?? {}) as { accountId?: unknown };
    if (typeof accountId !== "string") throw new Error("calendar read without an account");
    return readCalendar(accountId);
  },
};

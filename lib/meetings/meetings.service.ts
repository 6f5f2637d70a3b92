import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { db, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { appError } from "@/lib/http/server-message";
import type { ClientContext } from "@/lib/http/route";
import { attributeSubmission } from "@/lib/leads/lead-attribution.service";
import { writeFiledLead } from "@/lib/leads/lead-capture.service";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import { cancelQueuedJob, enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { pruneOldHits, takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { site } from "@/lib/site";
import en from "@/messages/en.json";
import { formatWhen, meetingMails, translatorFor, type MeetingFacts } from "./meeting-mail";
import {
  isOverlapViolation,
  lockHosts,
  pickLeastRecentlyBooked,
  selectBookableType,
  selectBookableTypes,
  selectTypeById,
  selectTypeTitles,
  selectHostIds,
  selectHostSchedules,
  type MeetingTypeRow,
} from "./meetings.repo";
import type { TBookMeetingRequest, TSlotsQuery } from "./meetings.schema";
import {
  DEFAULT_AVAILABILITY,
  bookableWindow,
  freeSlots,
  hostStarts,
  type Slot,
  type SlotRules,
} from "./slots";
import { addDays, instantAt } from "./time-zones";

type Lang = "es" | "en";
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many free times a 409 offers instead of the one taken. */
const NEXT_OFFERED = 5;
const BOOKING_BUCKET = "meeting_booking";
const PER_ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** Bookings wait on one another's host lock; twenty at once must not time out waiting for the pool. */
const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };
export const MEETING_REMINDER_JOB = "meeting.reminder";
const REMINDERS = [
  { name: "reminder-24h", beforeMs: DAY_MS },
  { name: "reminder-1h", beforeMs: 60 * 60 * 1000 },
] as const;

const rulesOf = (type: MeetingTypeRow): SlotRules => ({
  durationMinutes: type.durationMinutes,
  bufferBeforeMinutes: type.bufferBeforeMinutes,
  bufferAfterMinutes: type.bufferAfterMinutes,
  minNoticeMinutes: type.minNoticeMinutes,
  horizonDays: type.horizonDays,
});
const slotOut = (slot: Pick<Slot, "start" | "end">) => ({
  start: slot.start.toISOString(),
  end: slot.end.toISOString(),
});

export async function listMeetingTypes(lang: Lang) {
  const types = await selectBookableTypes();
  return types.map((type) => ({
    slug: type.slug,
    title: lang === "es" ? type.titleEs : type.titleEn,
    description: lang === "es" ? type.descriptionEs : type.descriptionEn,
    duration_minutes: type.durationMinutes,
  }));
}

/** Each type's title in `lang` by its slug, retired types too: what a booking filed reads in words on the lead. */
export async function meetingTypeTitles(lang: Lang): Promise<Record<string, string>> {
  const types = await selectTypeTitles();
  return Object.fromEntries(
    types.map((type) => [type.slug, lang === "es" ? type.titleEs : type.titleEn]),
  );
}

/** The type a visitor may book, with its title in both languages; 404 for any other slug. */
export async function findBookableType(slug: string, client: DbClient = db) {
  const type = await selectBookableType(slug, client);
  if (!type) throw appError("not_found", "meetingTypeUnknown");
  return type;
}

async function slotsBetween(type: MeetingTypeRow, range: { from: Date; to: Date }, now: Date) {
  const hostIds = await selectHostIds(type);
  const hosts = await selectHostSchedules(hostIds, range);
  return freeSlots(hosts, rulesOf(type), range, now);
}

/** The free times of a type over whole days in `tz` (the range is checked by the schema). */
export async function findSlots(query: TSlotsQuery, now = new Date()) {
  const type = await findBookableType(query.type);
  const from = instantAt(query.from, "00:00", query.tz);
  const to = instantAt(addDays(query.to, 1), "00:00", query.tz);
  if (from.getTime() > bookableWindow(rulesOf(type), now).latest)
    throw appError("validation", "meetingPastHorizon", {
      fields: { from: [`Bookable at most ${type.horizonDays} days ahead.`] },
    });
  return (await slotsBetween(type, { from, to }, now)).map(slotOut);
}

/** The next free times from `after` on (for a 409), looking a fortnight ahead. */
async function nextSlots(type: MeetingTypeRow, after: Date, now: Date) {
  const slots = await slotsBetween(
    type,
    { from: after, to: new Date(after.getTime() + 14 * DAY_MS) },
    now,
  );
  return slots.slice(0, NEXT_OFFERED).map(slotOut);
}

/**
 * Whether `start` is a time this type offers at all, bookings aside: inside some host's working hours,
 * on the grid, past the notice, before the horizon. A start that is not is a bad request (400); one
 * that is, but is taken, is a conflict (409).
 */
async function assertOffered(type: MeetingTypeRow, start: Date, now: Date) {
  const hostIds = await selectHostIds(type);
  const hosts = await selectHostSchedules(hostIds, { from: start, to: start });
  const range = { from: start, to: new Date(start.getTime() + 1) };
  const offered = hosts.some(
    (host) => hostStarts({ ...host, bookings: [] }, rulesOf(type), range, now).length > 0,
  );
  if (!offered)
    throw appError("validation", "meetingStartNotFree", {
      fields: { start: ["Not one of the free times GET /api/meetings/slots offers."] },
    });
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
export const manageUrlOf = (token: string, lang: Lang) =>
  new URL(`${lang === "es" ? "" : "/en"}/meetings/${token}`, site.siteUrl).toString();
/** AV- and eight characters no one confuses (no 0/O, 1/I). */
function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  return `AV-${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

export type BookingOutcome =
  | {
      kind: "booked";
      reference: string;
      start: Date;
      end: Date;
      hostName: string;
      manageUrl: string;
    }
  | { kind: "slot_taken"; next: { start: string; end: string }[] };

class SlotTaken extends Error {}

/**
 * Books a meeting: the lead (found or created by e-mail, as lead capture does), the host, the meeting,
 * its timeline entry, the two e-mails with invitations and the reminders, in one transaction under a
 * lock on the type's hosts; the exclusion constraint backs it up. A time taken meanwhile is `slot_taken`.
 */
export async function bookMeeting(
  request: TBookMeetingRequest,
  client: Pick<ClientContext, "address" | "userAgent" | "referrer">,
  now = new Date(),
): Promise<BookingOutcome> {
  void pruneOldHits().catch(() => undefined);
  const limit = await takeLimit({
    bucket: BOOKING_BUCKET,
    key: client.address,
    max: serverEnv().LEADS_RATE_LIMIT_PER_ADDRESS,
    windowMs: PER_ADDRESS_WINDOW_MS,
  });
  if (limit.isLimited)
    throw appError("throttled", "meetingTooManyBookings", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });

  const type = await findBookableType(request.type);
  const start = new Date(request.start);
  await assertOffered(type, start, now);
  const end = new Date(start.getTime() + type.durationMinutes * 60_000);
  const attribution = await attributeSubmission({ visitor_id: request.visitor_id }, now);
  const meetingId = randomUUID();
  const reference = newReference();
  const token = newToken();

  try {
    const booked = await db.$transaction(async (tx) => {
      const hostIds = await selectHostIds(type, tx);
      await lockHosts(hostIds, tx);
      const hosts = await selectHostSchedules(hostIds, { from: start, to: end }, tx);
      const freeHostIds = hosts
        .filter(
          (host) =>
            hostStarts(host, rulesOf(type), { from: start, to: new Date(start.getTime() + 1) }, now)
              .length > 0,
        )
        .map((host) => host.id);
      if (freeHostIds.length === 0) throw new SlotTaken();

      const capture = await writeFiledLead(
        {
          submissionId: `meeting-${meetingId}`,
          bodyHash: createHash("sha256").update(JSON.stringify(request)).digest("hex"),
          dedupeSince: null,
          email: request.email,
          lead: {
            name: request.name,
            phone: null,
            company: request.company ?? null,
            industry: null,
            source: "meeting",
            lang: request.lang,
          },
          activityContent: translatorFor(request.lang)("timeline.captured"),
          activityDetail: { source: "meeting", message: request.notes ?? null },
          answers: {
            type: type.slug,
            start: start.toISOString(),
            time_zone: request.time_zone,
            ...(request.notes ? { notes: request.notes } : {}),
          },
          userAgent: client.userAgent,
          referrer: client.referrer,
          attribution,
        },
        tx,
      );
      const leadId = capture.leadId!;
      const lead = await tx.lead.findUniqueOrThrow({
        where: { id: leadId },
        select: { ownerId: true },
      });
      const hostId =
        lead.ownerId && freeHostIds.includes(lead.ownerId)
          ? lead.ownerId
          : await pickLeastRecentlyBooked(freeHostIds, tx);
      // A lead nobody owns yet goes to the person who will meet them.
      if (!lead.ownerId) await tx.lead.update({ where: { id: leadId }, data: { ownerId: hostId } });

      const meeting = await tx.meeting.create({
        data: {
          id: meetingId,
          reference,
          typeId: type.id,
          hostId,
          leadId,
          startsAt: start,
          endsAt: end,
          name: request.name,
          email: request.email,
          company: request.company ?? null,
          notes: request.notes ?? null,
          lang: request.lang,
          timeZone: request.time_zone,
        },
        select: MEETING_FACTS_SELECT,
      });
      await tx.meetingManageToken.create({ data: { tokenHash: hashToken(token), meetingId } });
      const facts = factsOf(meeting, manageUrlOf(token, request.lang));
      await recordChange(facts, "booked", now, tx);
      return facts;
    }, TX_OPTIONS);
    return {
      kind: "booked",
      reference: booked.reference,
      start: booked.start,
      end: booked.end,
      hostName: booked.host.name,
      manageUrl: booked.manageUrl!,
    };
  } catch (error) {
    if (error instanceof SlotTaken || isOverlapViolation(error))
      return { kind: "slot_taken", next: await nextSlots(type, start, now) };
    throw error;
  }
}

const MEETING_FACTS_SELECT = {
  id: true,
  reference: true,
  leadId: true,
  startsAt: true,
  endsAt: true,
  sequence: true,
  status: true,
  name: true,
  email: true,
  company: true,
  notes: true,
  lang: true,
  timeZone: true,
  type: { select: { slug: true, titleEs: true, titleEn: true } },
  host: {
    select: { name: true, email: true, lang: true, availability: { select: { timeZone: true } } },
  },
} as const;

type MeetingRow = {
  id: string;
  reference: string;
  leadId: string | null;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  name: string;
  email: string;
  company: string | null;
  notes: string | null;
  lang: string;
  timeZone: string;
  type: { slug: string; titleEs: string; titleEn: string };
  host: { name: string; email: string; lang: string; availability: { timeZone: string } | null };
};

const asLang = (value: string): Lang => (value === "en" ? "en" : "es");

function factsOf(meeting: MeetingRow, manageUrl: string | null): MeetingFacts {
  return {
    id: meeting.id,
    reference: meeting.reference,
    leadId: meeting.leadId,
    typeTitle: { es: meeting.type.titleEs, en: meeting.type.titleEn },
    start: meeting.startsAt,
    end: meeting.endsAt,
    sequence: meeting.sequence,
    visitor: {
      name: meeting.name,
      email: meeting.email,
      company: meeting.company,
      notes: meeting.notes,
      lang: asLang(meeting.lang),
      timeZone: meeting.timeZone,
    },
    host: {
      name: meeting.host.name,
      email: meeting.host.email,
      lang: asLang(meeting.host.lang),
      timeZone: meeting.host.availability?.timeZone ?? DEFAULT_AVAILABILITY.timeZone,
    },
    manageUrl,
  };
}

const reminderKey = (meetingId: string, sequence: number, name: string) =>
  `meeting:${meetingId}:${sequence}:${name}`;

/** The timeline entry, both e-mails, and the reminders of this version of the meeting (or their end). */
async function recordChange(
  facts: MeetingFacts,
  change: "booked" | "moved" | "handed_over" | "cancelled",
  now: Date,
  tx: DbClient,
  /** Who made the change, when a colleague did (a handover); the visitor's own changes are the system's. */
  by?: { name: string; accountId: string },
  /** A handover's host before it, so the timeline says whose call it was. */
  previousHost?: string,
) {
  if (facts.leadId) {
    const t = translatorFor("es");
    const when = formatWhen(facts.start, "es", facts.host.timeZone);
    await tx.activity.create({
      data: {
        leadId: facts.leadId,
        type: `meeting_${change}`,
        content: t(`timeline.${change}`, { type: facts.typeTitle.es, when, host: facts.host.name }),
        actor: by?.name ?? "system",
        actorId: by?.accountId ?? null,
        detail: {
          meetingId: facts.id,
          reference: facts.reference,
          // Flat strings: the timeline's facts carry text only (ActivityDetail), so each language is a field.
          type_es: facts.typeTitle.es,
          type_en: facts.typeTitle.en,
          start: facts.start.toISOString(),
          end: facts.end.toISOString(),
          host: facts.host.name,
          ...(previousHost ? { previous_host: previousHost } : {}),
        },
      },
    });
  }
  for (const mail of meetingMails(facts, change, now)) await enqueueMail(mail, tx);
  if (change !== "cancelled") {
    for (const reminder of REMINDERS) {
      const runAt = new Date(facts.start.getTime() - reminder.beforeMs);
      if (runAt <= now) continue;
      await enqueueJob(
        {
          kind: MEETING_REMINDER_JOB,
          key: reminderKey(facts.id, facts.sequence, reminder.name),
          payload: { meetingId: facts.id, sequence: facts.sequence, occasion: reminder.name },
          runAt,
        },
        tx,
      );
    }
  }
}

/** Sends a reminder when the meeting is still on, at the time and version it was scheduled for. */
export const meetingReminderHandler: JobHandler = {
  async run(payload) {
    const { meetingId, sequence, occasion } = (payload ?? {}) as Record<string, unknown>;
    if (
      typeof meetingId !== "string" ||
      typeof sequence !== "number" ||
      typeof occasion !== "string"
    )
      throw new Error("meeting reminder without a meeting, sequence and occasion");
    const meeting = await db.meeting.findUnique({
      where: { id: meetingId },
      select: MEETING_FACTS_SELECT,
    });
    if (!meeting) return { skipped: "gone" };
    if (meeting.status !== "booked") return { skipped: meeting.status };
    if (meeting.sequence !== sequence) return { skipped: "changed" };
    const now = new Date();
    if (meeting.startsAt <= now) return { skipped: "past" };
    for (const mail of meetingMails(factsOf(meeting, null), "reminder", now, occasion))
      await enqueueMail(mail);
  },
};

// ——— The visitor's manage link ———

/**
 * The meeting behind a manage link, locked for the change; 410 when the link was used, the meeting is
 * cancelled or has started (a token we never issued is 404).
 */
async function claimLink(token: string, now: Date, tx: DbClient) {
  const link = await tx.meetingManageToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { tokenHash: true, meetingId: true, usedAt: true },
  });
  if (!link) throw appError("not_found", "meetingLinkGone");
  await tx.$queryRaw`SELECT id FROM meetings WHERE id = ${link.meetingId}::uuid FOR UPDATE`;
  const meeting = await tx.meeting.findUniqueOrThrow({
    where: { id: link.meetingId },
    select: { ...MEETING_FACTS_SELECT, typeId: true, hostId: true },
  });
  const used = await tx.meetingManageToken.updateMany({
    where: { tokenHash: link.tokenHash, usedAt: null },
    data: { usedAt: now },
  });
  if (used.count === 0 || meeting.status !== "booked" || meeting.startsAt <= now)
    throw appError("gone", "meetingLinkGone");
  return meeting;
}

export interface MeetingView {
  id: string;
  type: string;
  status: "booked" | "cancelled";
  start: string;
  end: string;
  time_zone: string;
  host: { name: string };
  manage_url?: string;
}

const viewOf = (
  meeting: Pick<MeetingRow, "reference" | "startsAt" | "endsAt" | "timeZone" | "type" | "host">,
  status: "booked" | "cancelled",
  manageUrl?: string,
): MeetingView => ({
  id: meeting.reference,
  type: meeting.type.slug,
  status,
  start: meeting.startsAt.toISOString(),
  end: meeting.endsAt.toISOString(),
  time_zone: meeting.timeZone,
  host: { name: meeting.host.name },
  ...(manageUrl ? { manage_url: manageUrl } : {}),
});

async function cancelReminders(meetingId: string, sequence: number, tx: DbClient) {
  for (const reminder of REMINDERS)
    await cancelQueuedJob(reminderKey(meetingId, sequence, reminder.name), tx);
}

/** Cancels from the visitor's link: both sides get a CANCEL with the next SEQUENCE; no reminder follows. */
export async function cancelByLink(token: string, now = new Date()): Promise<MeetingView> {
  return db.$transaction(async (tx) => {
    const meeting = await claimLink(token, now, tx);
    const updated = await tx.meeting.update({
      where: { id: meeting.id },
      data: { status: "cancelled", cancelledAt: now, sequence: { increment: 1 } },
      select: MEETING_FACTS_SELECT,
    });
    await cancelReminders(meeting.id, meeting.sequence, tx);
    await recordChange(factsOf(updated, null), "cancelled", now, tx);
    return viewOf(updated, "cancelled");
  }, TX_OPTIONS);
}

export type RescheduleOutcome =
  | { kind: "moved"; meeting: MeetingView }
  | { kind: "slot_taken"; next: { start: string; end: string }[] };

/**
 * Moves the meeting to another free time of the same host (the lead keeps the person they booked), with
 * SEQUENCE+1 and a new single-use link. A refused move (not a free time, taken) rolls back: the link still works.
 */
export async function rescheduleByLink(
  token: string,
  startIso: string,
  now = new Date(),
): Promise<RescheduleOutcome> {
  const start = new Date(startIso);
  const newTokenValue = newToken();
  let typeRow: MeetingTypeRow | null = null;
  try {
    const meeting = await db.$transaction(async (tx) => {
      const current = await claimLink(token, now, tx);
      const type = (typeRow = await selectTypeById(current.typeId, tx));
      await lockHosts([current.hostId], tx);
      const end = new Date(start.getTime() + type.durationMinutes * 60_000);
      const [host] = await selectHostSchedules([current.hostId], { from: start, to: end }, tx);
      const range = { from: start, to: new Date(start.getTime() + 1) };
      const others = host!.bookings.filter(
        (booking) =>
          !(
            booking.start === current.startsAt.getTime() && booking.end === current.endsAt.getTime()
          ),
      );
      if (hostStarts({ ...host!, bookings: [] }, rulesOf(type), range, now).length === 0)
        throw appError("validation", "meetingStartNotFree", {
          fields: { start: ["Not one of the free times GET /api/meetings/slots offers."] },
        });
      if (hostStarts({ ...host!, bookings: others }, rulesOf(type), range, now).length === 0)
        throw new SlotTaken();
      const updated = await tx.meeting.update({
        where: { id: current.id },
        data: { startsAt: start, endsAt: end, sequence: { increment: 1 } },
        select: MEETING_FACTS_SELECT,
      });
      await tx.meetingManageToken.create({
        data: { tokenHash: hashToken(newTokenValue), meetingId: current.id },
      });
      await cancelReminders(current.id, current.sequence, tx);
      const manageUrl = manageUrlOf(newTokenValue, asLang(updated.lang));
      await recordChange(factsOf(updated, manageUrl), "moved", now, tx);
      return viewOf(updated, "booked", manageUrl);
    }, TX_OPTIONS);
    return { kind: "moved", meeting };
  } catch (error) {
    if ((error instanceof SlotTaken || isOverlapViolation(error)) && typeRow)
      return { kind: "slot_taken", next: await nextSlots(typeRow, start, now) };
    throw error;
  }
}

// ——— A colleague takes over ———

/**
 * Hands an upcoming meeting whose host has left (a deactivated account) to an active colleague: the same
 * time, SEQUENCE+1, the visitor told who now takes it (their manage link keeps working), the new host sent
 * the invitation, the reminders rescheduled for the new version, and the lead's timeline noting who did it.
 * The new host's other bookings are the database's to check (an overlap is 409); their working hours are
 * not, since a person chose them (docs/product.md#meetings).
 */
export async function handOverMeeting(
  meetingId: string,
  newHostId: string,
  by: { name: string; accountId: string },
  now = new Date(),
): Promise<void> {
  try {
    await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM meetings WHERE id = ${meetingId}::uuid FOR UPDATE`;
      const current = await tx.meeting.findUnique({
        where: { id: meetingId },
        select: {
          status: true,
          startsAt: true,
          sequence: true,
          host: { select: { active: true, name: true } },
        },
      });
      if (!current) throw appError("not_found", "noMeeting");
      if (current.status !== "booked" || current.startsAt <= now)
        throw appError("conflict", "meetingNotUpcoming");
      if (current.host.active) throw appError("conflict", "meetingHostStillActive");
      await lockHosts([newHostId], tx);
      const updated = await tx.meeting.update({
        where: { id: meetingId },
        data: { hostId: newHostId, sequence: { increment: 1 } },
        select: MEETING_FACTS_SELECT,
      });
      await cancelReminders(meetingId, current.sequence, tx);
      await recordChange(factsOf(updated, null), "handed_over", now, tx, by, current.host.name);
    }, TX_OPTIONS);
  } catch (error) {
    if (isOverlapViolation(error))
      throw appError("conflict", "meetingHostBusy", {
        fields: { host_id: [en.ApiErrors.meetingHostBusy] },
      });
    throw error;
  }
}

/** What the public manage page shows for a link: the meeting, and whether the link still works. */
export async function findByLink(token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const link = await db.meetingManageToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { usedAt: true, meeting: { select: MEETING_FACTS_SELECT } },
  });
  if (!link) return null;
  const { meeting } = link;
  return {
    meeting: viewOf(meeting, meeting.status === "cancelled" ? "cancelled" : "booked"),
    typeTitle: { es: meeting.type.titleEs, en: meeting.type.titleEn },
    isUsable: !link.usedAt && meeting.status === "booked" && meeting.startsAt > now,
  };
}

/** The confirmation page's booking by its reference (AV-…), or null. */
export async function findByReference(reference: string) {
  const meeting = await db.meeting.findUnique({
    where: { reference },
    select: MEETING_FACTS_SELECT,
  });
  if (!meeting) return null;
  return {
    ...viewOf(meeting, meeting.status === "cancelled" ? "cancelled" : "booked"),
    typeTitle: { es: meeting.type.titleEs, en: meeting.type.titleEn },
    name: meeting.name,
    email: meeting.email,
  };
}

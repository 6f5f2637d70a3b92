// The staff side of meetings (issue 38): the meetings list and outcome, meeting types, and each account's
// working hours. Plain zod, shared by the contracts, the services and the browser.
import { z } from "zod";
import { zIdOut, zTimestamp } from "@/lib/http/contract";
import { zText } from "@/lib/http/text";
import { ZTimeZone, ZTypeSlug } from "./meetings.schema";
import { addDays } from "./time-zones";

export const CALENDAR_READ_FAILURES = [
  "unreachable",
  "timeout",
  "auth",
  "http",
  "garbage",
  "too_large",
] as const;

/** How far ahead a meeting type may at most be booked. */
export const MAX_HORIZON_DAYS = 365;
/** Span a host's meetings list covers when no `to` is given. */
export const DEFAULT_MEETING_LIST_DAYS = 62;
/**
 * Longest span one meetings list may cover: as far as anything can be booked, and a day, so one list
 * holds every meeting still to come (bounded in size by MAX_MEETING_LIST_ROWS).
 */
export const MAX_MEETING_LIST_DAYS = MAX_HORIZON_DAYS + 1;
/** Most meetings one list answers; past it the answer says `truncated`. */
export const MAX_MEETING_LIST_ROWS = 500;

export const MEETING_OUTCOMES = ["held", "no_show", "rescheduled"] as const;
export type MeetingOutcome = (typeof MEETING_OUTCOMES)[number];

const ZInstant = z.iso.datetime({
  offset: true,
  message: "An ISO date-time, e.g. 2026-12-07T00:00:00Z.",
});

export const ZStaffMeetingsQuery = z
  .strictObject({
    host: z
      .union([z.literal("me"), z.literal("all"), z.uuid("me, all, or an account id.")])
      .optional()
      .meta({
        description:
          "Whose meetings: `me` (the default without `lead`), `all`, or an account id. With `lead`, every host unless given.",
      }),
    lead: z.uuid("Not a lead id.").optional().meta({ description: "Only this lead's meetings." }),
    from: ZInstant.optional().meta({
      description: "Meetings ending after this instant (default: now, or all of a lead's).",
    }),
    to: ZInstant.optional().meta({
      description: `Meetings starting before this instant (at most ${MAX_MEETING_LIST_DAYS} days after \`from\`).`,
    }),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to) {
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      if (to <= from)
        ctx.addIssue({ code: "custom", path: ["to"], message: "`to` is not after `from`." });
      else if (to - from > MAX_MEETING_LIST_DAYS * 86_400_000)
        ctx.addIssue({
          code: "custom",
          path: ["to"],
          message: `Ask for at most ${MAX_MEETING_LIST_DAYS} days at a time.`,
        });
    }
  });
export type TStaffMeetingsQuery = z.output<typeof ZStaffMeetingsQuery>;

export const ZStaffMeeting = z
  .object({
    id: zIdOut,
    reference: z.string().meta({ description: "The visitor's reference (AV-…)." }),
    type: z.object({ slug: z.string(), title_es: z.string(), title_en: z.string() }),
    status: z.enum(["booked", "cancelled"]),
    outcome: z.enum(MEETING_OUTCOMES).nullable(),
    start: zTimestamp,
    end: zTimestamp,
    /** The visitor's zone. */
    time_zone: z.string(),
    host: z.object({
      id: zIdOut,
      name: z.string(),
      active: z.boolean().meta({
        description:
          "False when the host's account was deactivated: an upcoming meeting then waits to be handed over.",
      }),
    }),
    lead: z.object({ id: zIdOut, name: z.string().nullable() }).nullable(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: "StaffMeeting" });
export type StaffMeetingDto = z.output<typeof ZStaffMeeting>;

export const ZMeetingOutcomeRequest = z.strictObject({ outcome: z.enum(MEETING_OUTCOMES) });
export type TMeetingOutcomeRequest = z.output<typeof ZMeetingOutcomeRequest>;

export const ZMeetingHandoverRequest = z.strictObject({
  host_id: z
    .uuid("Choose an active colleague.")
    .meta({ description: "The active account to take it." }),
});
export type TMeetingHandoverRequest = z.output<typeof ZMeetingHandoverRequest>;

// ——— Meeting types ———

const title = (what: string) =>
  zText({ error: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(120, "Use at most 120 characters.");
const description = zText().trim().max(1000, "Use at most 1000 characters.");
const minutes = (min: number, max: number) =>
  z
    .number({ error: "A whole number of minutes." })
    .int("A whole number of minutes.")
    .min(min, `At least ${min}.`)
    .max(max, `At most ${max}.`);

const typeFields = {
  slug: ZTypeSlug,
  title_es: title("Spanish title"),
  title_en: title("English title"),
  description_es: description,
  description_en: description,
  duration_minutes: minutes(10, 480),
  buffer_before_minutes: minutes(0, 240),
  buffer_after_minutes: minutes(0, 240),
  min_notice_minutes: minutes(0, 14 * 24 * 60),
  horizon_days: z
    .number({ error: "A whole number of days." })
    .int("A whole number of days.")
    .min(1, "At least 1.")
    .max(MAX_HORIZON_DAYS, `At most ${MAX_HORIZON_DAYS}.`),
  host_ids: z
    .array(z.uuid("Not an account id."))
    .max(50, "At most 50 hosts.")
    .meta({ description: "The accounts that host it; empty: every active sales account." }),
  active: z.boolean(),
  position: z.number().int().min(0).max(1000),
};

export const ZCreateMeetingType = z.strictObject({
  ...typeFields,
  description_es: description.default(""),
  description_en: description.default(""),
  buffer_before_minutes: typeFields.buffer_before_minutes.default(0),
  buffer_after_minutes: typeFields.buffer_after_minutes.default(0),
  min_notice_minutes: typeFields.min_notice_minutes.default(240),
  horizon_days: typeFields.horizon_days.default(60),
  host_ids: typeFields.host_ids.default([]),
  active: typeFields.active.default(true),
  position: typeFields.position.default(0),
});
export type TCreateMeetingType = z.output<typeof ZCreateMeetingType>;

export const ZUpdateMeetingType = z
  .strictObject(typeFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Change at least one field.");
export type TUpdateMeetingType = z.output<typeof ZUpdateMeetingType>;

export const ZMeetingTypeAdmin = z
  .object({
    id: zIdOut,
    slug: z.string(),
    title_es: z.string(),
    title_en: z.string(),
    description_es: z.string(),
    description_en: z.string(),
    duration_minutes: z.number().int(),
    buffer_before_minutes: z.number().int(),
    buffer_after_minutes: z.number().int(),
    min_notice_minutes: z.number().int(),
    horizon_days: z.number().int(),
    host_ids: z.array(zIdOut),
    active: z.boolean(),
    position: z.number().int(),
  })
  .meta({ id: "MeetingTypeAdmin" });
export type MeetingTypeAdminDto = z.output<typeof ZMeetingTypeAdmin>;

// ——— Availability ———

const ZClock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "A time as HH:MM (00:00–24:00).");
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
  .refine((value) => addDays(value, 0) === value, "This date does not exist.");

export const ZWeeklyPeriod = z
  .strictObject({
    day: z
      .number()
      .int()
      .min(0, "0 (Sunday) to 6 (Saturday).")
      .max(6, "0 (Sunday) to 6 (Saturday)."),
    start: ZClock,
    end: ZClock,
  })
  .refine((period) => period.start < period.end, {
    path: ["end"],
    message: "The end is not after the start.",
  });

export const ZAvailabilityQuery = z.strictObject({
  account: z
    .uuid("Not an account id.")
    .optional()
    .meta({ description: "Another account's hours (owners only); default: your own." }),
});

/** No control characters in what goes into an Authorization header. */
const headerSafe = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

export const ZCaldavConnect = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: "An http:// or https:// address of the calendar." })
    .max(500, "Use at most 500 characters.")
    .meta({
      description:
        "The calendar collection's address, e.g. https://dav.example.com/ana/work/. An address on loopback or a private network is refused (400) unless the deployment allows those (CALENDAR_PRIVATE_ADDRESSES=allow).",
    }),
  username: z
    .string({ error: "Enter the calendar's user name." })
    .min(1, "Enter the calendar's user name.")
    .max(200, "Use at most 200 characters.")
    .refine(
      (value) => headerSafe(value) && !value.includes(":"),
      "No colons or control characters.",
    ),
  password: z
    .string({ error: "Enter the calendar's password." })
    .min(1, "Enter the calendar's password.")
    .max(500, "Use at most 500 characters.")
    .refine(headerSafe, "No control characters.")
    .meta({ description: "Stored encrypted with SESSION_SECRET; never sent back." }),
});
export type TCaldavConnect = z.output<typeof ZCaldavConnect>;

export const ZAvailabilityUpdate = z
  .strictObject({
    time_zone: ZTimeZone,
    weekly: z.array(ZWeeklyPeriod).max(70, "At most 70 periods."),
    days_off: z.array(ZDay).max(366, "At most 366 days off."),
    caldav: ZCaldavConnect.nullable().optional().meta({
      description:
        "Connect (or replace) a CalDAV calendar whose busy times no slot may overlap; `null` disconnects it; absent leaves it as it is.",
    }),
  })
  .superRefine((body, ctx) => {
    // Two periods of one day that overlap would offer the same times twice: almost surely a typo.
    const sorted = body.weekly
      .map((period, index) => ({ ...period, index }))
      .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i++) {
      const [before, after] = [sorted[i - 1]!, sorted[i]!];
      if (before.day === after.day && after.start < before.end)
        ctx.addIssue({
          code: "custom",
          path: ["weekly", after.index, "start"],
          message: "Overlaps another period of the same day.",
        });
    }
  });
export type TAvailabilityUpdate = z.output<typeof ZAvailabilityUpdate>;

export const ZAvailability = z
  .object({
    account_id: zIdOut,
    time_zone: z.string(),
    weekly: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
    days_off: z.array(z.string()),
    /** Whether these are the account's own hours or the default ones. */
    is_default: z.boolean(),
    caldav: z
      .object({
        url: z.string(),
        username: z.string(),
        /** True once the calendar has been read and no read has failed since. */
        connected: z.boolean(),
        /** The last time the calendar was read whole (null: not yet). */
        read_at: zTimestamp.nullable(),
        /** Since when every read has failed (null: the last read worked or none was tried yet). */
        failing_since: zTimestamp.nullable(),
        /** Why the last read failed. */
        error: z.enum(CALENDAR_READ_FAILURES).nullable(),
      })
      .nullable()
      .meta({
        description:
          "The CalDAV calendar read for busy times (never its password); `null` when none is connected.",
      }),
  })
  .meta({ id: "Availability" });
export type AvailabilityDto = z.output<typeof ZAvailability>;

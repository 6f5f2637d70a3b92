import { z } from "zod";
import { zTimestamp } from "@/lib/http/contract";
import { zText } from "@/lib/http/text";
import { ZEmail } from "@/lib/leads/lead-submission.schema";
import { ZVisitorId } from "@/lib/leads/lead-attribution.schema";
import { addDays } from "./time-zones";
import { isTimeZone } from "./time-zones";

/** Longest range of days one slots request may ask for. */
export const MAX_SLOT_RANGE_DAYS = 62;
export const MEETING_BODY_MAX_BYTES = 8 * 1024;

export const ZLang = z.enum(["es", "en"]);
export const ZTimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, "Not a time zone this server knows (use an IANA name such as Europe/Madrid).")
  .meta({ example: "Europe/Madrid" });
export const ZTypeSlug = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,62}$/,
    "A meeting type's slug: lowercase letters, digits and dashes.",
  )
  .meta({ example: "strategy-session" });
const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
  .refine((value) => addDays(value, 0) === value, "This date does not exist.");

export const ZMeetingTypesQuery = z.strictObject({ lang: ZLang.default("es") });

export const ZMeetingType = z
  .object({
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    duration_minutes: z.number().int(),
  })
  .meta({ id: "MeetingType" });

export const ZSlotsQuery = z
  .strictObject({
    type: ZTypeSlug,
    from: ZDate.meta({ description: "First day, in `tz`.", example: "2026-12-07" }),
    to: ZDate.meta({ description: "Last day (included), in `tz`.", example: "2026-12-11" }),
    tz: ZTimeZone.default("UTC").meta({ description: "The days are read in this zone." }),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: "`to` is before `from`." });
    else if (addDays(query.from, MAX_SLOT_RANGE_DAYS - 1) < query.to)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Ask for at most ${MAX_SLOT_RANGE_DAYS} days at a time.`,
      });
  });
export type TSlotsQuery = z.output<typeof ZSlotsQuery>;

export const ZSlotOut = z
  .object({ start: zTimestamp, end: zTimestamp })
  .meta({ id: "MeetingSlot" });

const optionalText = (max: number) =>
  zText()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => value || undefined);

export const ZBookMeetingRequest = z.strictObject({
  type: ZTypeSlug,
  start: z.iso.datetime({ offset: true, message: "An ISO date-time, e.g. 2026-12-07T09:00:00Z." }),
  name: zText({ error: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(120, "Use at most 120 characters."),
  email: ZEmail,
  company: optionalText(160),
  notes: optionalText(2000),
  lang: ZLang,
  time_zone: ZTimeZone,
  visitor_id: ZVisitorId.optional(),
});
export type TBookMeetingRequest = z.output<typeof ZBookMeetingRequest>;

export const ZMeetingBooked = z
  .object({
    id: z.string().meta({ description: "The booking's reference (AV-…)." }),
    start: zTimestamp,
    end: zTimestamp,
    host: z.object({ name: z.string() }),
    manage_url: z
      .url()
      .meta({ description: "Cancel or reschedule, once: ends in /meetings/{token}." }),
  })
  .meta({ id: "MeetingBooked" });

export const ZSlotTaken = z
  .object({
    error: z.object({ code: z.literal("slot_taken"), message: z.string() }),
    next: z.array(ZSlotOut),
  })
  .meta({ id: "MeetingSlotTaken" });

export const ZManageParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "Not a meeting link.")
    .meta({ description: "The token of the manage link." }),
});

export const ZRescheduleRequest = z.strictObject({
  start: z.iso.datetime({ offset: true, message: "An ISO date-time, e.g. 2026-12-07T09:00:00Z." }),
});

export const ZMeetingOut = z
  .object({
    id: z.string().meta({ description: "The booking's reference (AV-…)." }),
    type: z.string(),
    status: z.enum(["booked", "cancelled"]),
    start: zTimestamp,
    end: zTimestamp,
    time_zone: z.string(),
    host: z.object({ name: z.string() }),
    manage_url: z.url().optional(),
  })
  .meta({ id: "Meeting" });

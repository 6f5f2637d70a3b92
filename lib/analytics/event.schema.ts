import { z } from "zod";
import { EVENT_TYPES, MAX_EVENTS_PER_BATCH, QUESTIONNAIRE_STEP_COUNT } from "./events";

/** How far a client's clock may be from ours before its event is refused (it is stored, but periods use receive time). */
export const CLIENT_CLOCK_TOLERANCE_MS = 24 * 60 * 60 * 1000;

const ZId = (prefix: string) =>
  z
    .string()
    .max(100)
    .regex(
      new RegExp(`^${prefix}[A-Za-z0-9_-]{4,}$`),
      `Expected ${prefix}… with letters, digits, - or _.`,
    );

const ZMetadataValue = z.union([
  z.string().max(300),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(60)).max(30),
]);

/** The event's own fields: a small flat object (no nesting beyond a list of short strings, e.g. form field names). */
const ZMetadata = z
  .record(
    z
      .string()
      .min(1)
      .max(40)
      .regex(/^[a-z][a-z0-9_]*$/i),
    ZMetadataValue,
  )
  .refine((value) => Object.keys(value).length <= 16, "At most 16 metadata fields.")
  .default({});

/**
 * One tracked event as the tracker sends it, with its idempotency id.
 * Built once: zod compiles a schema on first use, far too slow to repeat per request.
 * The timestamp's distance from the server clock is checked apart, by isTimestampPlausible().
 */
export const ZTrackedEvent = z
  .strictObject({
    event_id: ZId(""),
    event_type: z.enum(EVENT_TYPES),
    user_id: ZId("user_"),
    session_id: ZId("session_"),
    page_url: z.url({ protocol: /^https?$/ }).max(2000),
    user_agent: z.string().max(500).optional(),
    referrer: z.string().max(2000).nullable().optional(),
    timestamp: z.iso.datetime({ offset: true }),
    metadata: ZMetadata,
  })
  .superRefine((event, context) => {
    if (
      event.event_type === "scroll_depth" &&
      ![25, 50, 75, 100].includes(event.metadata.scroll_percent as number)
    ) {
      context.addIssue({
        code: "custom",
        path: ["metadata", "scroll_percent"],
        message: "scroll_percent must be 25, 50, 75 or 100.",
      });
    }
    if (event.event_type === "questionnaire_step") {
      const { step, step_name: name, ...rest } = event.metadata;
      // Only which step was reached: any other field could carry an answer, so it is refused.
      const extra = Object.keys(rest).filter((key) => key !== "page_title");
      if (
        typeof step !== "number" ||
        !Number.isInteger(step) ||
        step < 1 ||
        step > QUESTIONNAIRE_STEP_COUNT
      )
        context.addIssue({
          code: "custom",
          path: ["metadata", "step"],
          message: `step must be a whole number from 1 to ${QUESTIONNAIRE_STEP_COUNT}.`,
        });
      if (typeof name !== "string" || !/^[a-z][a-z_]{0,39}$/.test(name))
        context.addIssue({
          code: "custom",
          path: ["metadata", "step_name"],
          message: "step_name must be the step's field name (lowercase letters and _).",
        });
      if (extra.length > 0)
        context.addIssue({
          code: "custom",
          path: ["metadata", extra[0]!],
          message: "A questionnaire_step carries only step and step_name.",
        });
    }
  });
export type TTrackedEvent = z.infer<typeof ZTrackedEvent>;

/** Whether the client's clock was within a day of ours when it stamped the event. */
export function isTimestampPlausible(timestamp: string, now: Date): boolean {
  return Math.abs(Date.parse(timestamp) - now.getTime()) <= CLIENT_CLOCK_TOLERANCE_MS;
}

/** The body's outer shape: one event object, or `{ events: [...] }` with 1–50 of them (each checked on its own). */
export const ZEventEnvelope = z.union([
  z.object({ events: z.array(z.unknown()).min(1).max(MAX_EVENTS_PER_BATCH) }).strict(),
  z.looseObject({ event_type: z.string() }).transform((event) => ({ events: [event as unknown] })),
]);

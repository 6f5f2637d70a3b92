import { z } from "zod";

// Why deals are lost (docs/decisions/020-lost-reasons-and-channels.md). The list managers edit holds entries of
// two kinds: the built-in keys below, which every screen shows in the reader's language, and text a manager
// typed, shown as typed. A lost deal stores the entry it was given, so renaming or removing an entry later
// never rewrites history.

/** The built-in reasons, in the order the defaults list them. */
export const BUILT_IN_LOST_REASONS = [
  "price",
  "timing",
  "competitor",
  "no_budget",
  "no_response",
  "not_a_fit",
  "other",
] as const;
export type BuiltInLostReason = (typeof BUILT_IN_LOST_REASONS)[number];

export const DEFAULT_LOST_REASONS: string[] = [...BUILT_IN_LOST_REASONS];

/** The reason whose move needs a few words of detail ("other, with text"). */
export const REASON_NEEDING_DETAIL = "other";

export const LOST_REASONS_KEY = "lost_reasons";
export const MAX_LOST_REASONS = 20;
export const MAX_LOST_REASON_CHARS = 60;
export const MAX_LOST_DETAIL_CHARS = 500;

export const isBuiltInLostReason = (reason: string): reason is BuiltInLostReason =>
  (BUILT_IN_LOST_REASONS as readonly string[]).includes(reason);

const zReason = z
  .string({ error: "A reason is text." })
  .trim()
  .min(1, "A reason cannot be empty.")
  .max(MAX_LOST_REASON_CHARS, `Use at most ${MAX_LOST_REASON_CHARS} characters.`);

export const ZLostReasons = z
  .array(zReason, { error: "lost_reasons is a list of reasons." })
  .min(1, "Keep at least one reason.")
  .max(MAX_LOST_REASONS, `Use at most ${MAX_LOST_REASONS} reasons.`)
  .refine(
    (reasons) => new Set(reasons.map((reason) => reason.toLowerCase())).size === reasons.length,
    { message: "Each reason may appear only once." },
  );
export type TLostReasons = z.infer<typeof ZLostReasons>;

/** POST /api/crm/leads/{id}/move?stage=Lost: the body naming why (required for Lost, refused for any other stage). */
export const ZLostMove = z.strictObject({
  reason: zReason,
  detail: z
    .string()
    .trim()
    .max(MAX_LOST_DETAIL_CHARS, `Use at most ${MAX_LOST_DETAIL_CHARS} characters.`)
    .optional()
    .transform((detail) => (detail ? detail : undefined)),
});
export type TLostMove = z.infer<typeof ZLostMove>;

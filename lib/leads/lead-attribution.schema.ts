import { z } from "zod";
import { zText } from "@/lib/http/text";

/** The campaign tags a form may send with a lead (the landing page's utm_* parameters, without the prefix). */
export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
/** Longer tags are cut to this many characters: a lead is never refused for its campaign tag. */
export const UTM_MAX_CHARS = 200;

const ZUtmValue = zText()
  .trim()
  .transform((value) => value.slice(0, UTM_MAX_CHARS) || undefined)
  .optional();

export const ZUtm = z
  .object(
    Object.fromEntries(UTM_FIELDS.map((field) => [field, ZUtmValue])) as Record<
      (typeof UTM_FIELDS)[number],
      typeof ZUtmValue
    >,
    { error: "utm must be an object of source, medium, campaign, term and content." },
  )
  .strict();
export type TUtm = z.infer<typeof ZUtm>;

/** The tracker's anonymous visitor id (`user_…`); one it never issued is kept, marked unverified. */
export const ZVisitorId = zText()
  .max(100, "visitor_id is too long.")
  .regex(/^user_[A-Za-z0-9_-]{4,}$/, "visitor_id is the tracker's user_… id.");

/** One touch: where a visit came from and where it landed. Any field may be unknown (null). */
export interface TouchDto {
  /** organic, direct, social or referral (the dashboard's channels); null when unknown. */
  channel: string | null;
  referrer_host: string | null;
  landing_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  at: string | null;
}

/**
 * How a lead reached us. `verified`: the touches come from the tracker's own events for the visitor id
 * the form sent; otherwise from what the form said. Both touches null: unknown (the tracker was not
 * allowed to run, so the form sent nothing).
 */
export interface AttributionDto {
  first_touch: TouchDto | null;
  last_touch: TouchDto | null;
  visits: number | null;
  days_to_convert: number | null;
  verified: boolean;
}

export const UNKNOWN_ATTRIBUTION: AttributionDto = {
  first_touch: null,
  last_touch: null,
  visits: null,
  days_to_convert: null,
  verified: false,
};

import { z } from "zod";

/**
 * The timeline entries people write (lib/crm/crm.schema.ts STAFF_ACTIVITY_TYPES; a unit test keeps the two
 * equal): first response and activity counts read only these, never the system's records (stage_change,
 * proposal_sent…).
 */
export const HUMAN_ACTIVITY_TYPES = ["note", "call", "email", "meeting"] as const;
export type HumanActivityType = (typeof HUMAN_ACTIVITY_TYPES)[number];

/** One row of GET /api/analytics/sales (docs/product.md#per-salesperson). */
export interface SalesOwnerRowDto {
  /** null: the leads nobody owns. */
  owner: { id: string; name: string } | null;
  new_leads: number;
  first_response_minutes_median: number | null;
  activities: Record<HumanActivityType, number>;
  proposals_shared: number;
  proposals_signed: number;
  won: { currency: string; initial: number; monthly: number; deals: number }[];
  /** Won as a percentage of the deals closed (won or lost) in the period, one decimal; null without any. */
  win_rate: number | null;
  days_to_win_median: number | null;
  /** Open deals now: first-year value (initial + 12 × monthly) and that value × the stage's probability. */
  open: { currency: string; value: number; weighted: number }[];
}

export interface SalesReportDto {
  owners: SalesOwnerRowDto[];
}

/** `me` (the signed-in account) or an account id. */
export const ZForecastQuery = z.strictObject({
  owner: z.union([z.literal("me"), z.uuid({ error: "owner is me or an account id." })]).optional(),
  /** Months before the current quarter to include, 0–12 (default 0): forecast against actual for them. */
  past: z.coerce
    .number({ error: "past is a whole number of months from 0 to 12." })
    .int("past is a whole number of months from 0 to 12.")
    .min(0, "past is a whole number of months from 0 to 12.")
    .max(12, "past is a whole number of months from 0 to 12.")
    .optional(),
});
export type TForecastQuery = z.infer<typeof ZForecastQuery>;

export interface ForecastDto {
  months: {
    /** YYYY-MM, in the business time zone. */
    month: string;
    per_currency: {
      currency: string;
      committed: number;
      weighted: number;
      best_case: number;
      /** Months that have begun: what was signed in them. */
      actual?: number;
      /**
       * Months that have begun: what the forecast said for the month at its start (the latest daily snapshot
       * taken on or before its first day); absent when no snapshot covered it.
       */
      forecast?: { taken_on: string; committed: number; weighted: number; best_case: number };
    }[];
  }[];
}

import { z } from "zod";
import { ZStageProbability, type TStageProbability } from "@/lib/settings/stage-probability";
import type { LeadStage } from "./crm.schema";
import { ZLostReasons, type TLostReasons } from "./lost-reasons";

/** Where a deal value comes from (docs/product.md#deal-value). */
export type DealValueSource = "proposal" | "manual";

/** A lead's value; a null figure is an amount the proposal states in words we cannot read ('unparsed'). */
export interface DealValueDto {
  currency: string;
  initial: number | null;
  monthly: number | null;
  source: DealValueSource;
}

/** What the pipeline cards and the list add to a lead: its value and how long it has sat in its stage. */
export interface DealFactsDto {
  value: DealValueDto | null;
  days_in_stage: number;
  /** Longer in its stage than the stage's threshold (Settings); never for Won and Lost. */
  is_stale: boolean;
}

/** One currency's sum in a pipeline column; `unparsed` deals count in `deals` but add nothing to the sums. */
export interface StageTotalDto {
  currency: string;
  initial: number;
  monthly: number;
  deals: number;
  unparsed: number;
}

/** Periods the Won column's total can cover, counted back from today. */
export const WON_PERIODS = ["30d", "90d", "365d", "all"] as const;
export type WonPeriod = (typeof WON_PERIODS)[number];

export interface PipelineDto {
  stages: LeadStage[];
  counts: Record<LeadStage, number>;
  totals: Record<LeadStage, StageTotalDto[]>;
  /** The start of the period the Won total covers; null for all time. */
  won_since: string | null;
}

/** The largest amount a manager can type (a sanity cap, not a business rule). */
export const MAX_DEAL_AMOUNT = 1_000_000_000;

const zAmount = (name: string) =>
  z
    .number({ error: `${name} must be a number.` })
    .finite()
    .min(0, `${name} cannot be negative.`)
    .max(MAX_DEAL_AMOUNT, `${name} can be at most ${MAX_DEAL_AMOUNT}.`)
    .multipleOf(0.01, `${name} has at most two decimals.`);

export const ZManualValue = z
  .strictObject({
    currency: z
      .string({ error: "Currency is a three-letter code such as USD." })
      .regex(/^[A-Z]{3}$/, "Currency is a three-letter code such as USD."),
    initial: zAmount("initial").default(0),
    monthly: zAmount("monthly").default(0),
  })
  .refine((value) => value.initial > 0 || value.monthly > 0, {
    message: "Give an initial or a monthly amount above zero.",
    path: ["initial"],
  });

/** PATCH /api/crm/leads/{id}: `value: null` removes a value set by hand. */
export const ZSetLeadValue = z.strictObject({ value: ZManualValue.nullable() });
export type TSetLeadValue = z.infer<typeof ZSetLeadValue>;

/** Stages whose cards can go stale; Won and Lost are where deals end. */
export const AGEING_STAGES = ["Qualification", "Discovery", "Proposal", "Negotiation"] as const;
export type AgeingStage = (typeof AGEING_STAGES)[number];

export const DEFAULT_STAGE_AGE_DAYS: Record<AgeingStage, number> = {
  Qualification: 7,
  Discovery: 7,
  Proposal: 14,
  Negotiation: 14,
};

const zDays = z
  .number({ error: "Days must be a whole number." })
  .int("Days must be a whole number.")
  .min(1, "Use at least 1 day.")
  .max(365, "Use at most 365 days.");

export const ZCrmSettings = z.strictObject({
  stage_age_days: z.strictObject({
    Qualification: zDays,
    Discovery: zDays,
    Proposal: zDays,
    Negotiation: zDays,
  }),
});
export type TCrmSettings = z.infer<typeof ZCrmSettings>;

/** GET /api/crm/settings: the stage thresholds and each stage's chance of winning (the forecast's weights). */
export type TCrmSettingsView = TCrmSettings & {
  stage_probability: TStageProbability;
  lost_reasons: TLostReasons;
};

/** PATCH /api/crm/settings: any of the parts, each given whole. */
export const ZCrmSettingsPatch = z
  .strictObject({
    stage_age_days: ZCrmSettings.shape.stage_age_days.optional(),
    stage_probability: ZStageProbability.optional(),
    lost_reasons: ZLostReasons.optional(),
  })
  .refine(
    (patch) =>
      patch.stage_age_days !== undefined ||
      patch.stage_probability !== undefined ||
      patch.lost_reasons !== undefined,
    {
      message: "Give stage_age_days, stage_probability, lost_reasons or any of them together.",
      path: ["stage_age_days"],
    },
  );
export type TCrmSettingsPatch = z.infer<typeof ZCrmSettingsPatch>;

/** The list's orders: newest first (default), highest value first, longest in its stage first. */
export const LEAD_SORTS = ["newest", "value", "age"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

import { z } from "zod";

// Each pipeline stage's chance of winning, in percent: the forecast's weighted value (lib/analytics) and the
// CRM settings (lib/crm) both read it from here, so they cannot disagree. Stored under its own settings key.

export const STAGE_PROBABILITY_KEY = "stage_probability";

/** The pipeline's stages, in order (the same as the LeadStage enum). */
export const PROBABILITY_STAGES = [
  "Qualification",
  "Discovery",
  "Proposal",
  "Negotiation",
  "Won",
  "Lost",
] as const;

export const DEFAULT_STAGE_PROBABILITY = {
  Qualification: 10,
  Discovery: 20,
  Proposal: 40,
  Negotiation: 70,
  Won: 100,
  Lost: 0,
} as const satisfies Record<(typeof PROBABILITY_STAGES)[number], number>;

const zPercent = z
  .number({ error: "A probability is a whole number from 0 to 100." })
  .int("A probability is a whole number from 0 to 100.")
  .min(0, "A probability is a whole number from 0 to 100.")
  .max(100, "A probability is a whole number from 0 to 100.");

export const ZStageProbability = z.strictObject({
  Qualification: zPercent,
  Discovery: zPercent,
  Proposal: zPercent,
  Negotiation: zPercent,
  Won: zPercent,
  Lost: zPercent,
});
export type TStageProbability = z.infer<typeof ZStageProbability>;

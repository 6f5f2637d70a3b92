import { z } from "zod";

/** What a person decides about a held submission in the CRM's "Needs review" list. */
export const ZReviewDecision = z.strictObject({
  decision: z.enum(["accept", "discard"], { error: "decision must be 'accept' or 'discard'." }),
});
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

export interface HeldSubmissionDto {
  id: string;
  email: string;
  name: string;
  company: string | null;
  source: string;
  message: string | null;
  client_address: string | null;
  created_at: string;
}

import { z } from "zod";
import { LEAD_STAGES } from "./crm.schema";
import { ZLostMove } from "./lost-reasons";

/** The most leads one bulk change takes (a page of the list is 50; a manager may select ten pages). */
export const BULK_MAX_LEADS = 500;

/** POST /api/crm/leads/bulk: give many leads to one account (null: nobody) and/or move their stage. */
export const ZBulkLeadChange = z
  .strictObject({
    ids: z
      .array(z.uuid("Each id must be a lead's id."))
      .min(1, "Select at least one lead.")
      .max(BULK_MAX_LEADS, `Select at most ${BULK_MAX_LEADS} leads.`),
    owner_id: z.uuid("Choose an account.").nullable().optional(),
    stage: z
      .enum(LEAD_STAGES, { error: `Stage must be one of: ${LEAD_STAGES.join(", ")}.` })
      .optional(),
    /** With stage=Lost (and only then): why, as a single move to Lost says it; the same for every lead. */
    ...ZLostMove.partial().shape,
  })
  .refine((change) => change.owner_id !== undefined || change.stage !== undefined, {
    message: "Give owner_id or stage (or both).",
    path: ["owner_id"],
  })
  .refine((change) => change.stage === "Lost" || (!change.reason && !change.detail), {
    message: "A reason goes only with stage Lost.",
    path: ["reason"],
  });
export type TBulkLeadChange = z.infer<typeof ZBulkLeadChange>;

/** POST /api/crm/leads/{id}/email: a message from a rep to the lead. */
export const ZLeadEmail = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject.")
    .max(200, "Use at most 200 characters.")
    .refine((value) => !/[\r\n]/.test(value), "The subject is one line."),
  body: z.string().trim().min(1, "Write the message.").max(8000, "Use at most 8000 characters."),
});
export type TLeadEmail = z.infer<typeof ZLeadEmail>;

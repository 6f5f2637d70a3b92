import { z } from "zod";
import { ZManualValue } from "./deal-value.schema";

/**
 * PATCH /api/crm/leads/{id}: what a manager may change on a lead — its owner (null: nobody) and its value set
 * by hand (null: clear it). At least one of them.
 */
export const ZLeadPatch = z
  .strictObject({
    owner_id: z.uuid("Choose an account.").nullable().optional(),
    value: ZManualValue.nullable().optional(),
  })
  .refine((patch) => patch.owner_id !== undefined || patch.value !== undefined, {
    message: "Send owner_id or value.",
    path: ["owner_id"],
  });
export type TLeadPatch = z.infer<typeof ZLeadPatch>;

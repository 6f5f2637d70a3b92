import { z } from "zod";
import { ZManualValue } from "./deal-value.schema";

/**
 * PATCH /api/crm/leads/{id}: what a manager may change on a lead — its owner (null: nobody) and its value set
 * by hand (null: clear it) — and what any staff member who may see it may change: its expected close day.
 * At least one of them.
 */
export const ZLeadPatch = z
  .strictObject({
    owner_id: z.uuid("Choose an account.").nullable().optional(),
    value: ZManualValue.nullable().optional(),
    /** The day the deal is expected to close (null: let the forecast default it). Any staff who may see the lead. */
    expected_close: z.iso.date("Use a date such as 2026-12-31.").nullable().optional(),
  })
  .refine(
    (patch) =>
      patch.owner_id !== undefined ||
      patch.value !== undefined ||
      patch.expected_close !== undefined,
    {
      message: "Send owner_id, value or expected_close.",
      path: ["owner_id"],
    },
  );
export type TLeadPatch = z.infer<typeof ZLeadPatch>;

import "server-only";
import type { StaffSession } from "@/lib/staff/session.service";
import type { LeadDetailDto } from "./crm.schema";
import type { TLeadPatch } from "./lead-patch.schema";
import { reassignLead } from "./lead-owner.service";
import { setLeadValue } from "./lead-value.service";

/** Applies a manager's changes to a lead (owner, value by hand) and answers with the lead as the panel shows it. */
export async function patchLead(
  leadId: string,
  patch: TLeadPatch,
  session: StaffSession,
): Promise<LeadDetailDto> {
  let lead: LeadDetailDto | undefined;
  if (patch.value !== undefined)
    lead = await setLeadValue(leadId, { value: patch.value }, session.actorName);
  if (patch.owner_id !== undefined)
    lead = await reassignLead(leadId, { owner_id: patch.owner_id }, session);
  return lead!;
}

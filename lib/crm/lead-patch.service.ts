import "server-only";
import { appError } from "@/lib/http/server-message";
import type { StaffSession } from "@/lib/staff/session.service";
import { roleAtLeast } from "@/lib/staff/staff-access.service";
import type { LeadDetailDto } from "./crm.schema";
import type { TLeadPatch } from "./lead-patch.schema";
import { reassignLead } from "./lead-owner.service";
import { updateExpectedClose } from "./lead.repo";
import { assertMaySeeLead, getLead } from "./lead.service";
import { setLeadValue } from "./lead-value.service";

/**
 * Applies changes to a lead and answers with the lead as the panel shows it: owner and value by hand are a
 * manager's; the expected close day is anyone's who may see the lead.
 */
export async function patchLead(
  leadId: string,
  patch: TLeadPatch,
  session: StaffSession,
): Promise<LeadDetailDto> {
  if (
    (patch.owner_id !== undefined || patch.value !== undefined) &&
    !roleAtLeast(session.account.role, "manager")
  )
    throw appError("forbidden", "roleForbids");
  let lead: LeadDetailDto | undefined;
  if (patch.expected_close !== undefined) {
    await assertMaySeeLead(session, leadId, "set_expected_close");
    if (!(await updateExpectedClose(leadId, patch.expected_close)))
      throw appError("not_found", "noLead");
    lead = await getLead(leadId);
  }
  if (patch.value !== undefined)
    lead = await setLeadValue(leadId, { value: patch.value }, session.actorName);
  if (patch.owner_id !== undefined)
    lead = await reassignLead(leadId, { owner_id: patch.owner_id }, session);
  return lead!;
}

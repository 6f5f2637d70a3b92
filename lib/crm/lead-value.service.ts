import "server-only";
import type { LeadDetailDto } from "./crm.schema";
import type { TSetLeadValue } from "./deal-value.schema";
import { setManualValue } from "./deal-value.service";
import { assertLeadExists, getLead } from "./lead.service";

/** A manager sets (or clears) a lead's value by hand; answers with the lead as the panel shows it. */
export async function setLeadValue(
  leadId: string,
  input: TSetLeadValue,
  actor: string | null,
): Promise<LeadDetailDto> {
  await assertLeadExists(leadId);
  await setManualValue(leadId, input, actor);
  return getLead(leadId);
}

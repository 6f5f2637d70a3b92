import "server-only";
import { getLead } from "@/lib/crm/lead.service";
import { draftProposalFromLead } from "./draft-from-lead";
import { withWrittenNarrative } from "./draft-narrative";
import type { ProposalData } from "./proposal.schema";

/** A draft proposal for a lead, from its latest questionnaire answers; staff review it in the builder before saving. */
export async function draftProposalForLead(
  leadId: string,
): Promise<{ lead_id: string; data: ProposalData }> {
  const lead = await getLead(leadId);
  const draft = draftProposalFromLead(lead, lead.answers);
  const challenge = typeof lead.answers?.challenge === "string" ? lead.answers.challenge : null;
  return { lead_id: lead.id, data: await withWrittenNarrative(draft, challenge) };
}

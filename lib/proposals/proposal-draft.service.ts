import "server-only";
import { getLeadFor } from "@/lib/crm/lead.service";
import type { StaffSession } from "@/lib/staff/session.service";
import { draftProposalFromLead } from "./draft-from-lead";
import { withWrittenNarrative } from "./draft-narrative";
import type { ProposalData, ProposalTranslations } from "./proposal.schema";

/**
 * A draft proposal for a lead, from its latest questionnaire answers, in the lead's language with the
 * other language in `translations`; staff review it in the builder before saving. Posting the answer
 * unchanged to POST /api/crm/proposals stores both languages.
 */
export async function draftProposalForLead(
  leadId: string,
  session: StaffSession,
): Promise<{ lead_id: string; data: ProposalData; translations: ProposalTranslations }> {
  const lead = await getLeadFor(leadId, session);
  const draft = draftProposalFromLead(lead, lead.answers);
  const otherLang = draft.lang === "es" ? "en" : "es";
  const other = draftProposalFromLead(lead, { ...lead.answers, lang: otherLang });
  const challenge = typeof lead.answers?.challenge === "string" ? lead.answers.challenge : null;
  return {
    lead_id: lead.id,
    data: await withWrittenNarrative(draft, challenge),
    translations: { [otherLang]: other },
  };
}

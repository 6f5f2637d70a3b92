import { ZProposalData, type ProposalData } from "@/lib/proposals/proposal.schema";

/** A proposal or draft read back from localStorage, validated (it may be old, edited by hand or from another version). */
export function parseLocalProposal(raw: string | null): ProposalData | null {
  try {
    if (!raw) return null;
    const parsed = ZProposalData.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

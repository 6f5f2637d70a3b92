// lint-as: lib/crm/proposal-lookup.service.ts
// lib/crm sits below lib/proposals: the CRM may not call up into proposals.
import { getProposal } from "@/lib/proposals/proposal.service";
export const load = getProposal;

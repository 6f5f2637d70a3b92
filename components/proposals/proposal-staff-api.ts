import { callEndpoint } from "@/lib/http/contract-client";
import type { ProposalData, ProposalTranslations } from "@/lib/proposals/proposal.schema";
import {
  createProposal,
  extendProposal,
  getProposal,
  setReminders,
  shareProposal,
  updateProposal,
  withdrawProposal,
} from "@/lib/proposals/proposals.contract";

/**
 * The staff proposal tools' door to the API, typed and checked by the endpoints' contracts. The viewer,
 * which the public sample pages render too, keeps the light proposals-api.ts (no zod on those pages).
 */
export const proposalStaffApi = {
  /** `another`: store it even though its lead already has an open or signed proposal (else 409 naming that one). */
  create: (
    data: ProposalData,
    leadId?: string,
    translations?: ProposalTranslations,
    another = false,
  ) =>
    callEndpoint(createProposal, {
      body: {
        data,
        lead_id: leadId,
        ...(translations ? { translations } : {}),
        ...(another ? { another: true } : {}),
      },
    }),
  get: async (id: string) =>
    (await callEndpoint(getProposal, { params: { id } }, { cache: "no-store" })).data,
  update: async (id: string, data: ProposalData, translations?: ProposalTranslations) =>
    (
      await callEndpoint(updateProposal, {
        params: { id },
        body: { data, ...(translations ? { translations } : {}) },
      })
    ).data,
  share: (id: string) => callEndpoint(shareProposal, { params: { id } }),
  extend: (id: string, days: number) =>
    callEndpoint(extendProposal, { params: { id }, body: { days } }),
  setReminders: (id: string, enabled: boolean) =>
    callEndpoint(setReminders, { params: { id }, body: { enabled } }),
  withdraw: (id: string) => callEndpoint(withdrawProposal, { params: { id } }),
};

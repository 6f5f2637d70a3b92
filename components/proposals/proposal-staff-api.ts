import { callEndpoint } from "@/lib/http/contract-client";
import type {
  ProposalData,
  ProposalTranslations,
  TProposalListQuery,
} from "@/lib/proposals/proposal.schema";
import {
  createProposal,
  extendProposal,
  getProposal,
  listProposals,
  setReminders,
  shareProposal,
  updateProposal,
  withdrawProposal,
} from "@/lib/api-docs/endpoints";

/** The proposals list's filters as the address holds them; empty ones are left out of the request. */
export interface ProposalListParams {
  status?: string;
  author?: string;
  q?: string;
}

/**
 * The staff proposal tools' door to the API, typed and checked by the endpoints' contracts. The viewer,
 * which the public sample pages render too, keeps the light proposals-api.ts (no zod on those pages).
 */
export const proposalStaffApi = {
  /** One page of the list (GET /api/crm/proposals); the server refuses an unknown status or author (400). */
  list: ({ status, author, q }: ProposalListParams, cursor: string | null) =>
    callEndpoint(
      listProposals,
      {
        query: {
          status: (status || undefined) as TProposalListQuery["status"],
          author: author || undefined,
          q: q || undefined,
          cursor: cursor || undefined,
        },
      },
      { cache: "no-store" },
    ),
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

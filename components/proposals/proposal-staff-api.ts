import { callEndpoint } from "@/lib/http/contract-client";
import type {
  ProposalData,
  ProposalTranslations,
  TProposalListQuery,
  TSendProposalEmail,
} from "@/lib/proposals/proposal.schema";
import {
  createProposal,
  extendProposal,
  getProposal,
  listProposals,
  sendProposalEmail,
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
 * The staff proposal tools' door to the API, typed and checked by the endpoints' contracts. What the
 * public pages call (the signature, verification, and the viewer the sample pages render) is in
 * proposals-api.ts.
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
  /** Queues the e-mail of a shared proposal's link (202). */
  sendEmail: async (input: Omit<TSendProposalEmail, "preview">) => {
    const answer = await callEndpoint(sendProposalEmail, { body: input });
    if (!("status" in answer)) throw new Error("sendProposalEmail answered a preview to a send");
    return answer;
  },
  /** The e-mail as it would be sent (subject, HTML, text; 200); nothing is queued. */
  previewEmail: async (input: Omit<TSendProposalEmail, "preview">) => {
    const answer = await callEndpoint(sendProposalEmail, { body: { ...input, preview: true } });
    if (!("subject" in answer))
      throw new Error("sendProposalEmail queued the e-mail it was to preview");
    return answer;
  },
};

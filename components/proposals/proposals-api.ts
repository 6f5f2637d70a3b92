import { callEndpoint, callEndpointWithForm } from "@/lib/http/contract-client";
import { createProposal, signProposal, verifyPdf } from "@/lib/api-docs/endpoints";
import type { ProposalData, TSignProposal } from "@/lib/proposals/proposal.schema";

/**
 * What the public proposal pages call (the signature, verification) and what the viewer calls (the
 * sample pages render it too), typed by the endpoints' contracts like the staff tools' calls
 * (proposal-staff-api.ts). The endpoints carry no zod: these pages ship none in production.
 */
export const proposalsApi = {
  /** Stores what the viewer shows (a staff session is needed: 401 otherwise). */
  create: (data: ProposalData, leadId?: string) =>
    callEndpoint(createProposal, { body: { data, lead_id: leadId } }),
  sign: (token: string, input: TSignProposal) =>
    callEndpoint(signProposal, { params: { token }, body: input }),
};

/** Asks whether a PDF (uploaded) or a SHA-256 is one we sealed. */
export function verifySealedPdf(input: { file: File } | { sha256: string }) {
  if ("sha256" in input) return callEndpoint(verifyPdf, { body: input });
  const form = new FormData();
  form.set("file", input.file);
  return callEndpointWithForm(verifyPdf, form);
}

import { callApi } from "@/lib/http/api-client";
import type {
  EmailPreviewDto,
  ProposalData,
  ProposalLang,
  ProposalTranslations,
  PublicProposalDto,
  SendEmailResultDto,
  SignatureDto,
  TSendProposalEmail,
  TSignProposal,
  VerifyResultDto,
} from "@/lib/proposals/proposal.schema";

/**
 * The proposals client without a validation library, for what the public pages call (the link, the
 * signature, verification) and what the viewer calls (the sample pages render it too). The staff tools'
 * calls go through proposal-staff-api.ts, typed by the contracts.
 */
const json = (method: "POST" | "PATCH" | "PUT", body: unknown) => ({ method, json: body });
const byToken = (token: string) => `/api/ai/proposals/${encodeURIComponent(token)}`;

export interface StoredLink {
  id: string;
  token: string;
  url: string;
}

export const proposalsApi = {
  create: (data: ProposalData, leadId?: string, translations?: ProposalTranslations) =>
    callApi<StoredLink>(
      "/api/crm/proposals",
      json("POST", { data, lead_id: leadId, ...(translations ? { translations } : {}) }),
    ),
  sendEmail: (input: TSendProposalEmail) =>
    callApi<SendEmailResultDto>("/api/crm/send-email", json("POST", input)),
  /** The e-mail as it would be sent (subject, HTML, text); nothing is queued. */
  previewEmail: (input: Omit<TSendProposalEmail, "preview">) =>
    callApi<EmailPreviewDto>("/api/crm/send-email", json("POST", { ...input, preview: true })),
  viewByToken: (token: string, lang: ProposalLang) =>
    callApi<PublicProposalDto>(`${byToken(token)}?lang=${lang}`, { cache: "no-store" }),
  sign: (token: string, input: TSignProposal) =>
    callApi<{ status: "signed"; signature: SignatureDto }>(
      `${byToken(token)}/signature`,
      json("POST", input),
    ),
};

/** Asks whether a PDF (uploaded) or a SHA-256 is one we sealed. */
export function verifySealedPdf(input: { file: File } | { sha256: string }) {
  if ("sha256" in input)
    return callApi<VerifyResultDto>("/api/proposals/verify", json("POST", input));
  const form = new FormData();
  form.set("file", input.file);
  return callApi<VerifyResultDto>("/api/proposals/verify", { method: "POST", body: form });
}

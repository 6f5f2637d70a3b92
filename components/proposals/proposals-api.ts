import { callApi } from "@/lib/http/api-client";
import type {
  ProposalData,
  ProposalDto,
  StaffProposalDto,
  ProposalLang,
  ProposalPageDto,
  ProposalTranslations,
  PublicProposalDto,
  SendEmailResultDto,
  ShareResultDto,
  SignatureDto,
  TSendProposalEmail,
  TSignProposal,
  VerifyResultDto,
} from "@/lib/proposals/proposal.schema";

/** The proposals feature's one browser client: every call to the proposals API goes through here. */
const json = (method: "POST" | "PATCH" | "PUT", body: unknown) => ({ method, json: body });
const byId = (id: string) => `/api/crm/proposals/${encodeURIComponent(id)}`;
const byToken = (token: string) => `/api/ai/proposals/${encodeURIComponent(token)}`;

export interface StoredLink {
  id: string;
  token: string;
  url: string;
}

/** The proposals list's filters (GET /api/crm/proposals); empty ones are left out of the address. */
export interface ProposalListParams {
  status?: string;
  author?: string;
  q?: string;
}

export const proposalsApi = {
  list: (params: ProposalListParams, cursor: string | null) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...params, cursor }))
      if (value) query.set(key, value);
    const search = query.toString();
    return callApi<ProposalPageDto>(`/api/crm/proposals${search ? `?${search}` : ""}`, {
      cache: "no-store",
    });
  },
  create: (data: ProposalData, leadId?: string, translations?: ProposalTranslations) =>
    callApi<StoredLink>(
      "/api/crm/proposals",
      json("POST", { data, lead_id: leadId, ...(translations ? { translations } : {}) }),
    ),
  get: async (id: string) =>
    (await callApi<{ data: StaffProposalDto }>(byId(id), { cache: "no-store" })).data,
  update: async (id: string, data: ProposalData, translations?: ProposalTranslations) =>
    (
      await callApi<{ data: ProposalDto }>(
        byId(id),
        json("PATCH", { data, ...(translations ? { translations } : {}) }),
      )
    ).data,
  share: (id: string) => callApi<ShareResultDto>(`${byId(id)}/share`, { method: "POST" }),
  extend: (id: string, days: number) =>
    callApi<{ expires_at: string }>(`${byId(id)}/extend`, json("POST", { days })),
  setReminders: (id: string, enabled: boolean) =>
    callApi<{ reminders_enabled: boolean }>(`${byId(id)}/reminders`, json("PUT", { enabled })),
  withdraw: (id: string) =>
    callApi<{ status: "withdrawn" }>(`${byId(id)}/withdraw`, { method: "POST" }),
  sendEmail: (input: TSendProposalEmail) =>
    callApi<SendEmailResultDto>("/api/crm/send-email", json("POST", input)),
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

import type { ProposalData } from "@/lib/proposals/proposal.schema";
import type {
  ActivityDto,
  LeadDetailDto,
  LeadDto,
  LeadPageDto,
  LeadStage,
  TaskDto,
  TaskStatus,
} from "@/lib/crm/crm.schema";

/** A failed CRM call, with the server's message when it gave one. */
export class CrmApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers:
        json === undefined ? rest.headers : { "content-type": "application/json", ...rest.headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new CrmApiError("network error", 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new CrmApiError(body?.error?.message ?? `HTTP ${response.status}`, response.status);
  }
  return (await response.json()) as T;
}

export function leadsQueryString({
  stage,
  q,
  cursor,
}: {
  stage?: string;
  q?: string;
  cursor?: string | null;
}): string {
  const params = new URLSearchParams();
  if (stage) params.set("stage", stage);
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const crmApi = {
  listLeads: (filter: { stage?: string; q?: string; cursor?: string | null }) =>
    call<LeadPageDto>(`/api/crm/leads${leadsQueryString(filter)}`),
  getLead: (id: string) => call<LeadDetailDto>(`/api/crm/leads/${id}`),
  createLead: (lead: Record<string, string>) =>
    call<LeadDto>("/api/crm/leads", { method: "POST", json: lead }),
  moveLead: (id: string, stage: LeadStage) =>
    call<LeadDto>(`/api/crm/leads/${id}/move?stage=${encodeURIComponent(stage)}`, {
      method: "POST",
    }),
  listActivities: (id: string) => call<ActivityDto[]>(`/api/crm/leads/${id}/activities`),
  addNote: (id: string, content: string) =>
    call<ActivityDto>(`/api/crm/leads/${id}/activities`, {
      method: "POST",
      json: { type: "note", content },
    }),
  pipeline: () =>
    call<{ stages: LeadStage[]; counts: Record<LeadStage, number> }>("/api/crm/pipeline"),
  listTasks: () => call<TaskDto[]>("/api/crm/tasks"),
  createTask: (task: { title: string; lead_id: string; status: TaskStatus }) =>
    call<TaskDto>("/api/crm/tasks", { method: "POST", json: task }),
  draftProposal: (leadId: string) =>
    call<{ lead_id: string; data: ProposalData }>(`/api/crm/leads/${leadId}/proposal-draft`, {
      method: "POST",
    }),
  moveTask: (id: string, status: TaskStatus) =>
    call<TaskDto>(`/api/crm/tasks/${id}`, { method: "PATCH", json: { status } }),
};

import type { ProposalData } from "@/lib/proposals/proposal.schema";
import type {
  ActivityDto,
  LeadDetailDto,
  LeadDto,
  LeadPageDto,
  LeadStage,
  TaskDto,
  TaskPageDto,
  TaskStatus,
} from "@/lib/crm/crm.schema";
import type { StaffDirectoryEntryDto } from "@/lib/staff/account-directory.schema";
import { callApi as call } from "@/lib/http/api-client";

export interface LeadsFilter {
  stage?: string;
  q?: string;
  /** me, none or an account id; absent for everyone's leads. */
  owner?: string;
}

export function leadsQueryString({
  stage,
  q,
  owner,
  cursor,
}: LeadsFilter & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  if (stage) params.set("stage", stage);
  if (q) params.set("q", q);
  if (owner) params.set("owner", owner);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const crmApi = {
  listLeads: (filter: LeadsFilter & { cursor?: string | null }) =>
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
  reassignLead: (id: string, ownerId: string | null) =>
    call<LeadDetailDto>(`/api/crm/leads/${id}`, { method: "PATCH", json: { owner_id: ownerId } }),
  pipeline: (owner?: string) =>
    call<{ stages: LeadStage[]; counts: Record<LeadStage, number> }>(
      `/api/crm/pipeline${leadsQueryString({ owner })}`,
    ),
  listTasks: ({ assignee, cursor }: { assignee?: string; cursor?: string | null }) => {
    const params = new URLSearchParams();
    if (assignee) params.set("assignee", assignee);
    if (cursor) params.set("cursor", cursor);
    const text = params.toString();
    return call<TaskPageDto>(`/api/crm/tasks${text ? `?${text}` : ""}`);
  },
  createTask: (task: {
    title: string;
    lead_id: string;
    status: TaskStatus;
    assignee_id: string | null;
    due_date: string | null;
  }) => call<TaskDto>("/api/crm/tasks", { method: "POST", json: task }),
  directory: () => call<StaffDirectoryEntryDto[]>("/api/staff/directory"),
  draftProposal: (leadId: string) =>
    call<{
      lead_id: string;
      data: ProposalData;
      translations: Partial<Record<ProposalData["lang"], ProposalData>>;
    }>(`/api/crm/leads/${leadId}/proposal-draft`, {
      method: "POST",
    }),
  moveTask: (id: string, status: TaskStatus) =>
    call<TaskDto>(`/api/crm/tasks/${id}`, { method: "PATCH", json: { status } }),
};

import type { ProposalData } from "@/lib/proposals/proposal.schema";
import type {
  ActivityDto,
  FunnelLeadFilter,
  LeadDetailDto,
  LeadDto,
  LeadPageDto,
  LeadStage,
  StaffActivityType,
  TaskDto,
  TaskPageDto,
  TaskStatus,
} from "@/lib/crm/crm.schema";
import type { StaffDirectoryEntryDto } from "@/lib/staff/account-directory.schema";
import type {
  PipelineDto,
  TCrmSettingsPatch,
  TCrmSettingsView,
  TSetLeadValue,
  WonPeriod,
} from "@/lib/crm/deal-value.schema";
import type { BoardDto } from "@/lib/crm/board.schema";
import { callApi as call } from "@/lib/http/api-client";

export interface LeadsFilter {
  stage?: string;
  q?: string;
  /** me, none or an account id; absent for everyone's leads. */
  owner?: string;
  /** The leads behind a dashboard figure (managers and owners). */
  funnel?: FunnelLeadFilter;
  /** Won leads only when won within this period (the pipeline's Won column). */
  wonPeriod?: WonPeriod;
}

export function leadsQueryString({
  stage,
  q,
  owner,
  funnel,
  cursor,
  sort,
  wonPeriod,
}: LeadsFilter & { cursor?: string | null; sort?: string }): string {
  const params = new URLSearchParams();
  if (stage) params.set("stage", stage);
  if (q) params.set("q", q);
  if (owner) params.set("owner", owner);
  for (const [key, value] of Object.entries(funnel ?? {})) if (value) params.set(key, value);
  if (wonPeriod) params.set("won_period", wonPeriod);
  if (sort && sort !== "newest") params.set("sort", sort);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const crmApi = {
  listLeads: (filter: LeadsFilter & { cursor?: string | null; sort?: string }) =>
    call<LeadPageDto>(`/api/crm/leads${leadsQueryString(filter)}`),
  getLead: (id: string) => call<LeadDetailDto>(`/api/crm/leads/${id}`),
  createLead: (lead: Record<string, string>) =>
    call<LeadDto>("/api/crm/leads", { method: "POST", json: lead }),
  moveLead: (id: string, stage: LeadStage) =>
    call<LeadDto>(`/api/crm/leads/${id}/move?stage=${encodeURIComponent(stage)}`, {
      method: "POST",
    }),
  listActivities: (id: string) => call<ActivityDto[]>(`/api/crm/leads/${id}/activities`),
  addActivity: (id: string, type: StaffActivityType, content: string) =>
    call<ActivityDto>(`/api/crm/leads/${id}/activities`, {
      method: "POST",
      json: { type, content },
    }),
  reassignLead: (id: string, ownerId: string | null) =>
    call<LeadDetailDto>(`/api/crm/leads/${id}`, { method: "PATCH", json: { owner_id: ownerId } }),
  pipeline: ({ owner, wonPeriod }: { owner?: string; wonPeriod?: WonPeriod } = {}) => {
    const params = new URLSearchParams();
    if (owner) params.set("owner", owner);
    if (wonPeriod) params.set("won_period", wonPeriod);
    const text = params.toString();
    return call<PipelineDto>(`/api/crm/pipeline${text ? `?${text}` : ""}`);
  },
  /** The pipeline board in one request: the pipeline plus each column's first page of cards. */
  board: ({ owner, wonPeriod }: { owner?: string; wonPeriod?: WonPeriod } = {}) => {
    const params = new URLSearchParams();
    if (owner) params.set("owner", owner);
    if (wonPeriod) params.set("won_period", wonPeriod);
    const text = params.toString();
    return call<BoardDto>(`/api/crm/board${text ? `?${text}` : ""}`);
  },
  setLeadValue: (id: string, value: TSetLeadValue["value"]) =>
    call<LeadDetailDto>(`/api/crm/leads/${id}`, { method: "PATCH", json: { value } }),
  settings: () => call<TCrmSettingsView>("/api/crm/settings"),
  updateSettings: (settings: TCrmSettingsPatch) =>
    call<TCrmSettingsView>("/api/crm/settings", { method: "PATCH", json: settings }),
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
  /** Reassigns (null: nobody) and reschedules (null: no due date) a task. */
  changeTask: (id: string, change: { assignee_id: string | null; due_date: string | null }) =>
    call<TaskDto>(`/api/crm/tasks/${id}`, { method: "PATCH", json: change }),
};

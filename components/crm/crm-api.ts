// The CRM's one door to the API: every call is typed by its endpoint's contract, and its answer is
// checked against the contract outside production (lib/http/contract-client.ts).
import type { z } from "zod";
import type {
  FunnelLeadFilter,
  ZCreateLead,
  LeadStage,
  StaffActivityType,
  TaskStatus,
} from "@/lib/crm/crm.schema";
import {
  addActivity,
  createLead,
  createTask,
  getBoard,
  getLead,
  getPipeline,
  getSettings,
  listActivities,
  listLeads,
  listTasks,
  moveLead,
  updateLead,
  updateSettings,
  updateTask,
} from "@/lib/api-docs/endpoints";
import type {
  LeadSort,
  TCrmSettingsPatch,
  TSetLeadValue,
  WonPeriod,
} from "@/lib/crm/deal-value.schema";
import type { TLostMove } from "@/lib/crm/lost-reasons";
import { callEndpoint as call } from "@/lib/http/contract-client";
import { bulkUpdateLeads, sendLeadEmail } from "@/lib/api-docs/endpoints";
import type { TBulkLeadChange, TLeadEmail } from "@/lib/crm/lead-workspace.schema";
import { listNotifications, markNotificationsRead } from "@/lib/api-docs/endpoints";
import { draftProposal } from "@/lib/api-docs/endpoints";
import { directory } from "@/lib/api-docs/endpoints";

export interface LeadsFilter {
  /** A stage, or "" / absent for every stage. */
  stage?: LeadStage | "";
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

/** A query without its empty values: the API reads an absent parameter, not an empty one. */
const present = <T extends Record<string, string | null | undefined>>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => Boolean(value))) as {
    [K in keyof T]?: Exclude<T[K], null | "">;
  };

export const crmApi = {
  listLeads: ({
    stage,
    q,
    owner,
    funnel,
    cursor,
    sort,
    wonPeriod,
  }: LeadsFilter & { cursor?: string | null; sort?: LeadSort }) =>
    call(listLeads, {
      query: present({
        stage,
        q,
        owner,
        ...funnel,
        won_period: wonPeriod,
        sort: sort === "newest" ? undefined : sort,
        cursor,
      }),
    }),
  getLead: (id: string) => call(getLead, { params: { id } }),
  // The dialog's form fields as typed; the server checks them and names each bad one (400).
  createLead: (lead: Record<string, string>) =>
    call(createLead, { body: lead as z.input<typeof ZCreateLead> }),
  /** A move to Lost carries the reason; any other move sends no body (the contract's body is Lost's only). */
  moveLead: (id: string, stage: LeadStage, lost?: TLostMove) =>
    call(moveLead, { params: { id }, query: { stage }, body: lost as TLostMove }),
  listActivities: (id: string) => call(listActivities, { params: { id } }),
  addActivity: (id: string, type: StaffActivityType, content: string) =>
    call(addActivity, { params: { id }, body: { type, content } }),
  reassignLead: (id: string, ownerId: string | null) =>
    call(updateLead, { params: { id }, body: { owner_id: ownerId } }),
  pipeline: ({ owner, wonPeriod }: { owner?: string; wonPeriod?: WonPeriod } = {}) =>
    call(getPipeline, { query: present({ owner, won_period: wonPeriod }) }),
  /** The pipeline board in one request: the pipeline plus each column's first page of cards. */
  board: ({ owner, wonPeriod }: { owner?: string; wonPeriod?: WonPeriod } = {}) =>
    call(getBoard, { query: present({ owner, won_period: wonPeriod }) }),
  setLeadValue: (id: string, value: TSetLeadValue["value"]) =>
    call(updateLead, { params: { id }, body: { value } }),
  /** The day the deal is expected to close (YYYY-MM-DD); null returns it to the forecast's default. */
  setExpectedClose: (id: string, expectedClose: string | null) =>
    call(updateLead, { params: { id }, body: { expected_close: expectedClose } }),
  settings: () => call(getSettings, {}),
  updateSettings: (settings: TCrmSettingsPatch) => call(updateSettings, { body: settings }),
  listTasks: ({ assignee, cursor }: { assignee?: string; cursor?: string | null }) =>
    call(listTasks, { query: present({ assignee, cursor }) }),
  createTask: (task: {
    title: string;
    lead_id: string;
    status: TaskStatus;
    assignee_id: string | null;
    due_date: string | null;
  }) => call(createTask, { body: task }),
  directory: () => call(directory, {}),
  draftProposal: (leadId: string) => call(draftProposal, { params: { id: leadId } }),
  moveTask: (id: string, status: TaskStatus) =>
    call(updateTask, { params: { id }, body: { status } }),
  /** Reassigns (null: nobody) and reschedules (null: no due date) a task. */
  changeTask: (id: string, change: { assignee_id: string | null; due_date: string | null }) =>
    call(updateTask, { params: { id }, body: change }),
  sendLeadEmail: (id: string, email: TLeadEmail) =>
    call(sendLeadEmail, { params: { id }, body: email }),
  bulkUpdateLeads: (change: TBulkLeadChange) => call(bulkUpdateLeads, { body: change }),
  notifications: (onlyUnread = false) =>
    call(listNotifications, { query: onlyUnread ? { unread: "1" } : {} }),
  markNotificationsRead: (ids: string[] | "all") => call(markNotificationsRead, { body: { ids } }),
};

/** The CRM's endpoints: leads, timeline, pipeline, tasks, review queue and settings (lib/http/contract.ts). */
import { z } from "zod";
import {
  defineContract,
  errorAnswer,
  fileAnswer,
  zIdOut,
  zPathId,
  zTimestamp,
} from "@/lib/http/contract";
import { ZReviewDecision } from "@/lib/leads/lead-review.schema";
import {
  LEAD_STAGES,
  TASK_STATUSES,
  ZAddActivity,
  ZCreateLead,
  ZCreateTask,
  ZLeadExportQuery,
  ZLeadListQuery,
  ZMoveLeadQuery,
  ZPipelineQuery,
  ZTaskListQuery,
  ZUpdateTask,
} from "./crm.schema";
import { ZStageProbability } from "@/lib/settings/stage-probability";
import { ZCrmSettings, ZCrmSettingsPatch } from "./deal-value.schema";
import { ZLeadPatch } from "./lead-patch.schema";
import { ZLostMove } from "./lost-reasons";

const zStage = z.enum(LEAD_STAGES);
/** One entry per stage, every stage present (a record over the enum says the same, less plainly). */
const byStage = <T extends z.ZodType>(value: T) =>
  z.object({
    Qualification: value,
    Discovery: value,
    Proposal: value,
    Negotiation: value,
    Won: value,
    Lost: value,
  }) satisfies z.ZodObject<Record<(typeof LEAD_STAGES)[number], T>>;
const ZPersonRef = z.object({ id: zIdOut, name: z.string() }).meta({ id: "PersonRef" });

export const ZLead = z
  .object({
    id: zIdOut,
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    industry: z.string().nullable(),
    stage: zStage,
    source: z.string(),
    lang: z.string(),
    owner: ZPersonRef.nullable(),
    created_at: zTimestamp,
    updated_at: zTimestamp,
  })
  .meta({ id: "Lead" });

const ZDealValue = z
  .object({
    currency: z.string(),
    initial: z.number().nullable(),
    monthly: z.number().nullable(),
    source: z.enum(["proposal", "manual"]),
  })
  .meta({ id: "DealValue", description: "A null figure: an amount the proposal states in words." });

export const ZLeadCard = ZLead.extend({
  value: ZDealValue.nullable(),
  days_in_stage: z.number().int(),
  is_stale: z.boolean(),
}).meta({ id: "LeadCard" });

const ZTouch = z.object({
  channel: z.string().nullable(),
  referrer_host: z.string().nullable(),
  landing_page: z.string().nullable(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_term: z.string().nullable(),
  utm_content: z.string().nullable(),
  at: zTimestamp.nullable(),
});

export const ZLeadDetail = ZLeadCard.extend({
  expected_close: z.iso.date().nullable(),
  answers: z.record(z.string(), z.unknown()).nullable(),
  answered_at: zTimestamp.nullable(),
  submissions: z.array(
    z.object({
      id: zIdOut,
      source: z.string(),
      lang: z.string(),
      created_at: zTimestamp,
      answers: z.record(z.string(), z.unknown()),
    }),
  ),
  attribution: z.object({
    first_touch: ZTouch.nullable(),
    last_touch: ZTouch.nullable(),
    visits: z.number().int().nullable(),
    days_to_convert: z.number().nullable(),
    verified: z.boolean(),
  }),
  proposals: z.array(
    z.object({
      id: zIdOut,
      title: z.string().meta({
        description: "The proposal's title, else its client's name; empty when it has neither.",
      }),
      status: z.string(),
      updated_at: zTimestamp,
    }),
  ),
  emails: z.array(
    z.object({
      id: zIdOut,
      subject: z.string(),
      status: z.string().meta({ description: "queued, retrying, sent, failed or cancelled" }),
      created_at: zTimestamp,
    }),
  ),
  tasks: z.array(
    z.object({
      id: zIdOut,
      title: z.string(),
      status: z.enum(TASK_STATUSES),
      due_date: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
      assignee: ZPersonRef.nullable(),
    }),
  ),
}).meta({ id: "LeadDetail" });

export const ZActivity = z
  .object({
    id: zIdOut,
    lead_id: zIdOut,
    type: z.string(),
    content: z.string(),
    detail: z.record(z.string(), z.string().nullable()).nullable(),
    actor: z.string().nullable(),
    created_at: zTimestamp,
  })
  .meta({ id: "Activity" });

export const ZTask = z
  .object({
    id: zIdOut,
    title: z.string(),
    lead_id: zIdOut,
    lead_name: z.string().nullable(),
    status: z.enum(TASK_STATUSES),
    assignee: ZPersonRef.nullable(),
    due_date: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
    is_overdue: z.boolean().meta({
      description:
        "Not done and due before today on the caller's clock: the zone of their working hours, else the team's default.",
    }),
    created_at: zTimestamp,
    updated_at: zTimestamp,
  })
  .meta({ id: "Task" });

const ZStageTotal = z.object({
  currency: z.string(),
  initial: z.number(),
  monthly: z.number(),
  deals: z.number().int(),
  unparsed: z.number().int(),
});

export const ZPipeline = z
  .object({
    stages: z.array(zStage),
    counts: byStage(z.number().int()),
    totals: byStage(z.array(ZStageTotal)),
    won_since: zTimestamp.nullable(),
  })
  .meta({ id: "Pipeline" });

export const ZBoard = ZPipeline.extend({
  leads: byStage(z.array(ZLeadCard)),
  cursors: byStage(z.string().nullable()),
}).meta({ id: "Board" });

export const ZCrmSettingsAnswer = ZCrmSettings.extend({
  stage_probability: ZStageProbability,
  lost_reasons: z.array(z.string()).meta({
    description:
      "Why a deal can be lost, in the managers' order: built-in keys (price, timing, competitor, no_budget, no_response, not_a_fit, other), which screens translate, or a manager's own text.",
  }),
}).meta({
  id: "CrmSettings",
});

export const ZHeldSubmission = z
  .object({
    id: zIdOut,
    email: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    source: z.string(),
    message: z.string().nullable(),
    client_address: z.string().nullable(),
    created_at: zTimestamp,
  })
  .meta({ id: "HeldSubmission" });

const colleagueLead = "A colleague's lead under the owner's `own` visibility (audited).";

export const listLeads = defineContract({
  operationId: "listLeads",
  method: "GET",
  path: "/api/crm/leads",
  tag: "crm",
  access: "staff",
  summary: "A page of leads, newest first or by value or days in stage.",
  description:
    "A page of leads, newest first or sorted by value or by days in stage (`sort`); `owner` = `me`, `none` (unassigned), `me_or_none` (both: the sales default) or an account id; `won_period` keeps only the Won leads won within it (the pipeline's Won column). Each lead has `owner` ({id, name} or null), `value` and `days_in_stage`. `funnel_step` with `from`/`to` (and optionally `channel`, `landing_page`, `currency`) keeps only the leads behind that dashboard figure (managers and owners; 403 for sales). Under the owner's `sales_lead_visibility: \"own\"` a sales account lists only its own and unassigned leads. Follow `next_cursor` for the next page.",
  query: ZLeadListQuery,
  responses: {
    200: {
      description: "A page of leads and the cursor of the next (null on the last).",
      schema: z.object({ leads: z.array(ZLeadCard), next_cursor: z.string().nullable() }),
    },
  },
});

export const createLead = defineContract({
  operationId: "createLead",
  method: "POST",
  path: "/api/crm/leads",
  tag: "crm",
  access: "staff",
  summary: "Create a lead by hand.",
  body: {
    schema: ZCreateLead,
    example: { name: "Nuevo", email: "nuevo@example.com", company: "ACME" },
  },
  responses: { 201: { description: "The new lead.", schema: ZLead } },
});

export const exportLeads = defineContract({
  operationId: "exportLeads",
  method: "GET",
  path: "/api/crm/leads/export.csv",
  tag: "crm",
  access: "staff",
  summary: "The filtered leads as a CSV file.",
  description:
    "The filtered leads as CSV (managers and owners; sales only when the owner's `sales_may_export` allows it, else 403, audited).",
  query: ZLeadExportQuery,
  responses: { 200: fileAnswer("The leads, one per row.", "text/csv") },
});

export const getLead = defineContract({
  operationId: "getLead",
  method: "GET",
  path: "/api/crm/leads/{id}",
  tag: "crm",
  access: "staff",
  summary: "One lead with its owner, submissions, latest answers, value and days in stage.",
  description: `One lead with its \`owner\`, every submission (\`submissions\`, newest first), the latest questionnaire's \`answers\`, its \`value\`, \`days_in_stage\`, \`attribution\`, its stored \`proposals\` and the \`emails\` sent to it with their delivery state. 403: ${colleagueLead}`,
  params: zPathId,
  responses: { 200: { description: "The lead.", schema: ZLeadDetail } },
});

export const updateLead = defineContract({
  operationId: "updateLead",
  method: "PATCH",
  path: "/api/crm/leads/{id}",
  tag: "crm",
  access: "staff",
  summary: "Reassign a lead, set its value by hand, or set its expected close day.",
  description:
    "`owner_id` reassigns the lead to an active account (null: nobody) and `value` sets its value by hand (null clears it; 409 while a shared or signed proposal sets it): managers and owners only (403 for sales). `expected_close` (YYYY-MM-DD, null: the forecast's default) by any staff who may see the lead.",
  params: zPathId,
  body: { schema: ZLeadPatch },
  responses: {
    200: { description: "The lead, as GET answers it.", schema: ZLeadDetail },
    409: errorAnswer("A shared or signed proposal sets this lead's value."),
  },
});

export const listActivities = defineContract({
  operationId: "listLeadActivities",
  method: "GET",
  path: "/api/crm/leads/{id}/activities",
  tag: "crm",
  access: "staff",
  summary: "The lead's timeline, newest first.",
  params: zPathId,
  responses: { 200: { description: "The timeline.", schema: z.array(ZActivity) } },
});

export const addActivity = defineContract({
  operationId: "addLeadActivity",
  method: "POST",
  path: "/api/crm/leads/{id}/activities",
  tag: "crm",
  access: "staff",
  summary: "Add a note, call, meeting or e-mail to the lead's timeline.",
  description:
    "`type`: `note` (default), `call`, `meeting` or `email`. Any other type (the system's own, such as `stage_change`, `owner_change`, `proposal_signed`, `erased`) is 400 and nothing is written.",
  params: zPathId,
  body: { schema: ZAddActivity, example: { type: "note", content: "Llamar el lunes" } },
  responses: { 201: { description: "The new entry.", schema: ZActivity } },
});

export const moveLead = defineContract({
  operationId: "moveLead",
  method: "POST",
  path: "/api/crm/leads/{id}/move",
  tag: "crm",
  access: "staff",
  summary: "Move a lead to another stage; to Lost with the reason why. The timeline records it.",
  description:
    "Any stage but Lost takes no body. `stage=Lost` needs `{reason, detail?}`: `reason` one of the settings' `lost_reasons` (`other` needs `detail`), else 400; the stage change on the timeline carries both.",
  params: zPathId,
  query: ZMoveLeadQuery,
  body: {
    schema: ZLostMove,
    readByHandler: true,
    maxBytes: 4096,
    example: { reason: "price", detail: "Chose a cheaper offer" },
  },
  responses: { 200: { description: "The lead in its new stage.", schema: ZLead } },
});

export const eraseLead = defineContract({
  operationId: "eraseLead",
  method: "POST",
  path: "/api/crm/leads/{id}/erase",
  tag: "crm",
  access: "manager",
  summary: "Erase a lead's personal data for good (right to be forgotten).",
  description:
    "Erases the lead, its submissions, activities, tasks and e-mails; signed proposals keep only the company.",
  params: zPathId,
  responses: {
    200: {
      description: "Erased.",
      schema: z.object({ erased: z.literal(true), id: zIdOut }),
    },
  },
});

export const getPipeline = defineContract({
  operationId: "getPipeline",
  method: "GET",
  path: "/api/crm/pipeline",
  tag: "crm",
  access: "staff",
  summary: "The stages with their lead counts and value totals per currency.",
  description:
    "Stages in pipeline order with lead counts and value totals per currency (Won: the deals won within `won_period`); `owner` as in the lead list.",
  query: ZPipelineQuery,
  responses: { 200: { description: "The pipeline.", schema: ZPipeline } },
});

export const getBoard = defineContract({
  operationId: "getBoard",
  method: "GET",
  path: "/api/crm/board",
  tag: "crm",
  access: "staff",
  summary:
    "The pipeline board in one request: the pipeline plus each column's first page of cards.",
  description:
    "The pipeline's answer plus each column's first page of cards (as the lead list gives them) and its next-page cursor; a column continues with `GET /api/crm/leads?stage=…&cursor=…` (Won with the same `won_period`).",
  query: ZPipelineQuery,
  responses: { 200: { description: "The board.", schema: ZBoard } },
});

export const getSettings = defineContract({
  operationId: "getCrmSettings",
  method: "GET",
  path: "/api/crm/settings",
  tag: "crm",
  access: "staff",
  summary:
    "Days a card may stay in each stage before it is marked, each stage's win probability, and the lost reasons.",
  responses: { 200: { description: "The settings.", schema: ZCrmSettingsAnswer } },
});

export const updateSettings = defineContract({
  operationId: "updateCrmSettings",
  method: "PATCH",
  path: "/api/crm/settings",
  tag: "crm",
  access: "manager",
  summary:
    "Replace the stage thresholds, the stage probabilities or the lost reasons (each part given whole).",
  body: {
    schema: ZCrmSettingsPatch,
    example: { stage_age_days: { Qualification: 7, Discovery: 7, Proposal: 14, Negotiation: 14 } },
  },
  responses: { 200: { description: "The settings as stored.", schema: ZCrmSettingsAnswer } },
});

export const listTasks = defineContract({
  operationId: "listTasks",
  method: "GET",
  path: "/api/crm/tasks",
  tag: "crm",
  access: "staff",
  summary: "A page of tasks (100), newest first.",
  description: "`assignee` = `me`, `none` or an account id; follow `next_cursor`.",
  query: ZTaskListQuery,
  responses: {
    200: {
      description: "A page of tasks.",
      schema: z.object({ tasks: z.array(ZTask), next_cursor: z.string().nullable() }),
    },
  },
});

export const createTask = defineContract({
  operationId: "createTask",
  method: "POST",
  path: "/api/crm/tasks",
  tag: "crm",
  access: "staff",
  summary: "Create a task for a lead.",
  description:
    "`assignee_id` defaults to the creator (null: unassigned); `due_date` is YYYY-MM-DD. A `lead_id` that names no lead is a 400 on that field.",
  body: { schema: ZCreateTask },
  responses: {
    201: { description: "The task.", schema: ZTask },
  },
});

export const updateTask = defineContract({
  operationId: "updateTask",
  method: "PATCH",
  path: "/api/crm/tasks/{id}",
  tag: "crm",
  access: "staff",
  summary: "Change a task's status, assignee or due date.",
  description:
    "Each real change adds a `task_status`, `task_assignee` or `task_due` entry to the lead's timeline.",
  params: zPathId,
  body: { schema: ZUpdateTask },
  responses: { 200: { description: "The task.", schema: ZTask } },
});

export const listHeld = defineContract({
  operationId: "listHeldSubmissions",
  method: "GET",
  path: "/api/crm/review",
  tag: "crm",
  access: "staff",
  summary: 'Lead submissions held back for review ("Needs review"), newest first.',
  responses: {
    200: {
      description: "The held submissions.",
      schema: z.object({ data: z.array(ZHeldSubmission) }),
    },
  },
});

export const decideHeld = defineContract({
  operationId: "decideHeldSubmission",
  method: "PATCH",
  path: "/api/crm/review/{id}",
  tag: "crm",
  access: "staff",
  summary: "Accept (file as a lead) or discard a held submission.",
  params: zPathId,
  body: { schema: ZReviewDecision, example: { decision: "discard" } },
  responses: {
    200: {
      description: "The decision; `lead_submission_id` is the filed submission when accepted.",
      schema: z.object({
        id: zIdOut,
        decision: z.enum(["accept", "discard"]),
        lead_submission_id: zIdOut.nullable(),
      }),
    },
    409: errorAnswer("This submission has already been reviewed."),
  },
});

export const CRM_CONTRACTS = [
  listLeads,
  createLead,
  exportLeads,
  getLead,
  updateLead,
  listActivities,
  addActivity,
  moveLead,
  eraseLead,
  getPipeline,
  getBoard,
  getSettings,
  updateSettings,
  listTasks,
  createTask,
  updateTask,
  listHeld,
  decideHeld,
];

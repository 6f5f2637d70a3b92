import { z } from "zod";
import { LEAD_FUNNEL_STEPS } from "@/lib/analytics/dashboard.schema";
import { SALES_FIGURES } from "@/lib/analytics/figure-leads.schema";
import type { AttributionDto } from "@/lib/leads/lead-attribution.schema";
import { LEAD_SORTS, WON_PERIODS, type DealFactsDto } from "./deal-value.schema";
import { ZLostMove } from "./lost-reasons";

/** Pipeline order (docs/product.md#crm); kept equal to the Prisma enum by a unit test. */
export const LEAD_STAGES = [
  "Qualification",
  "Discovery",
  "Proposal",
  "Negotiation",
  "Won",
  "Lost",
] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const TASK_STATUSES = ["todo", "doing", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const LEADS_PAGE_SIZE = 50;

/** Sections of the CRM screen; the current one is kept in the address (?tab=). */
export const CRM_TABS = ["leads", "pipeline", "tasks"] as const;
export type CrmTab = (typeof CRM_TABS)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * `me` (the signed-in account), `none` (unassigned), `me_or_none` (both: a sales person's working queue)
 * or an account id.
 */
export const ZOwnerFilter = z.union([z.enum(["me", "none", "me_or_none"]), z.uuid()], {
  error: "Owner must be me, none, me_or_none or an account id.",
});
export type TOwnerFilter = z.infer<typeof ZOwnerFilter>;

/**
 * The leads behind one dashboard figure (managers and owners; see lead.service listLeads): a lead step of
 * the funnel over days from..to, optionally of one channel, landing page or (signed) currency.
 */
function funnelFilterFields() {
  const day = z.iso.date({ error: "Use a date as YYYY-MM-DD." }).optional();
  return {
    funnel_step: z
      .enum(LEAD_FUNNEL_STEPS, {
        error: `funnel_step must be one of: ${LEAD_FUNNEL_STEPS.join(", ")}.`,
      })
      .optional(),
    from: day,
    to: day,
    channel: z
      .string()
      .regex(/^[a-z_]{1,40}$/, "Use a channel such as organic or unknown.")
      .optional(),
    landing_page: z.string().min(1).max(2000, "Use at most 2000 characters.").optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "Use a three-letter currency code.")
      .optional(),
    /**
     * A figure of the per-salesperson or lost-reasons table instead of a funnel step (with from..to; the owner
     * through `owner`): see lib/analytics/figure-leads.schema.ts.
     */
    figure: z
      .enum(SALES_FIGURES, { error: `figure must be one of: ${SALES_FIGURES.join(", ")}.` })
      .optional(),
    /** With figure=lost: the deals lost for this reason (a list key such as price, or typed text). */
    lost_reason: z.string().min(1).max(200, "Use at most 200 characters.").optional(),
    /** A campaign of the dashboard's campaigns table: the leads whose first touch carried these tags. */
    utm_campaign: z.string().min(1).max(200, "Use at most 200 characters.").optional(),
    utm_source: z.string().max(200, "Use at most 200 characters.").optional(),
    utm_medium: z.string().max(200, "Use at most 200 characters.").optional(),
  };
}

export const ZLeadListQuery = z.strictObject({
  stage: z
    .enum(LEAD_STAGES, { error: `Stage must be one of: ${LEAD_STAGES.join(", ")}.` })
    .optional(),
  q: optionalText(100),
  owner: ZOwnerFilter.optional(),
  cursor: z.string().max(200).optional(),
  /** newest (default), value (highest first) or age (longest in its stage first); see deal-value.service. */
  sort: z.enum(LEAD_SORTS, { error: `Sort must be one of: ${LEAD_SORTS.join(", ")}.` }).optional(),
  ...funnelFilterFields(),
  /** Won leads only when won within this period (as the pipeline's Won column counts them); other stages as they are. */
  won_period: z
    .enum(WON_PERIODS, { error: `won_period must be one of: ${WON_PERIODS.join(", ")}.` })
    .optional(),
});
export type TLeadListQuery = z.infer<typeof ZLeadListQuery>;
/** The query parameters of the funnel filter (the leads behind a dashboard figure). */
export const FUNNEL_FILTER_KEYS = [
  "funnel_step",
  "figure",
  "lost_reason",
  "from",
  "to",
  "channel",
  "landing_page",
  "currency",
  "utm_campaign",
  "utm_source",
  "utm_medium",
] as const;
/** A complete funnel filter, as the CRM page passes it on to the leads list. */
export type FunnelLeadFilter = Pick<
  TLeadListQuery,
  | "channel"
  | "landing_page"
  | "currency"
  | "utm_campaign"
  | "utm_source"
  | "utm_medium"
  | "lost_reason"
> &
  (
    | { funnel_step: NonNullable<TLeadListQuery["funnel_step"]>; figure?: undefined }
    | { figure: NonNullable<TLeadListQuery["figure"]>; funnel_step?: undefined }
  ) & {
    from: string;
    to: string;
  };
/** The CSV export takes the list's filters without paging, sorting or the funnel filter. */
export const ZLeadExportQuery = ZLeadListQuery.omit({
  cursor: true,
  sort: true,
  funnel_step: true,
  figure: true,
  lost_reason: true,
  from: true,
  to: true,
  channel: true,
  landing_page: true,
  currency: true,
  utm_campaign: true,
  utm_source: true,
  utm_medium: true,
});

export const ZCreateLead = z
  .strictObject({
    name: optionalText(120),
    email: z.email("Enter a valid e-mail address.").max(254).optional(),
    phone: optionalText(40),
    company: optionalText(120),
    industry: optionalText(80),
    stage: z.enum(LEAD_STAGES).default("Qualification"),
    lang: z.enum(["es", "en"]).default("es"),
    /** A lead created in Lost says why, as a move to Lost does (docs/product.md#lost-reasons). */
    ...ZLostMove.partial().shape,
  })
  .refine((lead) => lead.name || lead.email, {
    message: "A lead needs a name or an e-mail.",
    path: ["name"],
  })
  .refine((lead) => lead.stage === "Lost" || (!lead.reason && !lead.detail), {
    message: "A reason goes only with stage Lost.",
    path: ["reason"],
  });
export type TCreateLead = z.infer<typeof ZCreateLead>;

export const ZPipelineQuery = z.strictObject({
  owner: ZOwnerFilter.optional(),
  /** The period the Won column's total covers, counted back from today. */
  won_period: z
    .enum(WON_PERIODS, { error: `won_period must be one of: ${WON_PERIODS.join(", ")}.` })
    .default("30d"),
});

/** Reassigns a lead (manager and above); null leaves it unassigned. */
export const ZReassignLead = z.strictObject({
  owner_id: z.uuid("Choose an account.").nullable(),
});
export type TReassignLead = z.infer<typeof ZReassignLead>;

/**
 * The timeline entries staff write themselves. Every other type (stage_change, owner_change, proposal_signed,
 * erased…) is the system's record of what happened, which stage age, stale flags and won periods read.
 */
export const STAFF_ACTIVITY_TYPES = ["note", "call", "meeting", "email"] as const;
export type StaffActivityType = (typeof STAFF_ACTIVITY_TYPES)[number];

export const ZAddActivity = z.strictObject({
  type: z
    .enum(STAFF_ACTIVITY_TYPES, {
      error: `type must be one of: ${STAFF_ACTIVITY_TYPES.join(", ")}.`,
    })
    .default("note"),
  content: z
    .string()
    .trim()
    .min(1, "Write something first.")
    .max(5000, "Use at most 5000 characters."),
});
export type TAddActivity = z.infer<typeof ZAddActivity>;

export const ZMoveLeadQuery = z.strictObject({
  stage: z.enum(LEAD_STAGES, { error: `Stage must be one of: ${LEAD_STAGES.join(", ")}.` }),
});

export const ZCreateTask = z.strictObject({
  title: z
    .string({ error: "Give the task a title." })
    .trim()
    .min(1, "Give the task a title.")
    .max(200, "Use at most 200 characters."),
  lead_id: z.string({ error: "Choose a lead." }).uuid("Choose a lead."),
  status: z.enum(TASK_STATUSES).default("todo"),
  assignee_id: z.uuid("Choose an account.").nullable().optional(),
  /** A calendar day, YYYY-MM-DD. */
  due_date: z.iso.date("Use a date such as 2026-12-31.").nullable().optional(),
});
export type TCreateTask = z.infer<typeof ZCreateTask>;

export const TASKS_PAGE_SIZE = 100;

/** `me` (the signed-in account), `none` (unassigned) or an account id. */
export const ZTaskListQuery = z.strictObject({
  assignee: ZOwnerFilter.optional(),
  cursor: z.string().max(200).optional(),
});
export type TTaskListQuery = z.infer<typeof ZTaskListQuery>;

/** PATCH /api/crm/tasks/{id}: any of status, assignee (null: nobody) and due date (null: none). */
export const ZUpdateTask = z
  .strictObject({
    status: z
      .enum(TASK_STATUSES, { error: `Status must be one of: ${TASK_STATUSES.join(", ")}.` })
      .optional(),
    assignee_id: z.uuid("Choose an account.").nullable().optional(),
    /** A calendar day, YYYY-MM-DD. */
    due_date: z.iso.date("Use a date such as 2026-12-31.").nullable().optional(),
  })
  .refine(
    (change) =>
      change.status !== undefined ||
      change.assignee_id !== undefined ||
      change.due_date !== undefined,
    { message: "Give a status, an assignee_id or a due_date.", path: ["status"] },
  );
export type TUpdateTask = z.infer<typeof ZUpdateTask>;

/** API shapes (snake_case, as the CRM client reads them). */
export interface LeadDto {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  industry: string | null;
  stage: LeadStage;
  source: string;
  lang: string;
  /** The account responsible for the lead; null when unassigned. */
  owner: PersonRefDto | null;
  created_at: string;
  updated_at: string;
}

export interface PersonRefDto {
  id: string;
  name: string;
}

/** One questionnaire or contact-form submission, kept whole. */
export interface SubmissionDto {
  id: string;
  /** optin (the questionnaire) or home_form (the contact form). */
  source: string;
  lang: string;
  created_at: string;
  answers: Record<string, unknown>;
}

/** A lead as the list, the pipeline and the lead panel show it: with its value and age. */
export type LeadCardDto = LeadDto & DealFactsDto;

export interface LeadDetailDto extends LeadCardDto {
  /** The day the deal is expected to close as set by staff (YYYY-MM-DD); null: the forecast defaults it. */
  expected_close: string | null;
  /** Answers of the newest questionnaire submission, if any (a later contact message does not replace them). */
  answers: Record<string, unknown> | null;
  answered_at: string | null;
  /** Every submission, newest first. */
  submissions: SubmissionDto[];
  /** Where the lead came from (first and last touch); both touches null when unknown. */
  attribution: AttributionDto;
  /** The lead's stored proposals, newest change first. */
  proposals: LeadProposalDto[];
  /** E-mails sent to the lead (proposals and messages from staff), newest first, with their delivery state. */
  emails: LeadEmailDto[];
  /** The lead's tasks, open ones first, by due date. */
  tasks: LeadTaskDto[];
}

export interface LeadTaskDto {
  id: string;
  title: string;
  status: TaskStatus;
  due_date: string | null;
  assignee: { id: string; name: string } | null;
}

export interface LeadProposalDto {
  id: string;
  title: string;
  status: string;
  updated_at: string;
}

export interface LeadEmailDto {
  id: string;
  subject: string;
  /** The outbox's state: queued, retrying, sent, failed, cancelled. */
  status: string;
  created_at: string;
}

/**
 * A timeline entry's facts, by type (the CRM writes the sentence from them in the reader's language):
 * stage_change {from, to}; owner_change {from, to} (names, null: nobody); task_created {title, assignee,
 * due_date}; task_status {title, from, to}; task_assignee {title, from, to} (names); task_due {title, from, to}
 * (YYYY-MM-DD); proposal_sent {title, to}; proposal_signed {title}; optin {source, message}.
 */
export type ActivityDetail = Record<string, string | null>;

export interface ActivityDto {
  id: string;
  lead_id: string;
  type: string;
  /** The entry as stored text (English for the entries the app writes itself). */
  content: string;
  /** Facts for the entries the app writes; null for notes and for entries older than this field. */
  detail: ActivityDetail | null;
  actor: string | null;
  created_at: string;
}

export interface TaskDto {
  id: string;
  title: string;
  lead_id: string;
  lead_name: string | null;
  status: TaskStatus;
  assignee: PersonRefDto | null;
  /** YYYY-MM-DD, or null. */
  due_date: string | null;
  /** Due before today on the reader's clock (the zone their staff screens use) and not done. */
  is_overdue: boolean;
  created_at: string;
  updated_at: string;
}

export interface LeadPageDto {
  leads: LeadCardDto[];
  next_cursor: string | null;
}

export interface TaskPageDto {
  tasks: TaskDto[];
  next_cursor: string | null;
}

/** Who did something on a lead: a staff account (its id and name at the time), or only a name (a client who signed). */
export interface Actor {
  name: string | null;
  accountId: string | null;
}

export const staffActor = (account: { id: string; name: string }): Actor => ({
  name: account.name,
  accountId: account.id,
});

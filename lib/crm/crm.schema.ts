import { z } from "zod";

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

export const ZLeadListQuery = z.strictObject({
  stage: z
    .enum(LEAD_STAGES, { error: `Stage must be one of: ${LEAD_STAGES.join(", ")}.` })
    .optional(),
  q: optionalText(100),
  cursor: z.string().max(200).optional(),
});
export type TLeadListQuery = z.infer<typeof ZLeadListQuery>;

export const ZCreateLead = z
  .strictObject({
    name: optionalText(120),
    email: z.email("Enter a valid e-mail address.").max(254).optional(),
    phone: optionalText(40),
    company: optionalText(120),
    industry: optionalText(80),
    stage: z.enum(LEAD_STAGES).default("Qualification"),
    lang: z.enum(["es", "en"]).default("es"),
  })
  .refine((lead) => lead.name || lead.email, {
    message: "A lead needs a name or an e-mail.",
    path: ["name"],
  });
export type TCreateLead = z.infer<typeof ZCreateLead>;

export const ZAddActivity = z.strictObject({
  type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z_]+$/, "Use lowercase letters and underscores.")
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
});
export type TCreateTask = z.infer<typeof ZCreateTask>;

export const ZUpdateTask = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: `Status must be one of: ${TASK_STATUSES.join(", ")}.` }),
});

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
  created_at: string;
  updated_at: string;
}

export interface LeadDetailDto extends LeadDto {
  /** Answers of the newest questionnaire or form submission, if any. */
  answers: Record<string, unknown> | null;
  answered_at: string | null;
}

export interface ActivityDto {
  id: string;
  lead_id: string;
  type: string;
  content: string;
  actor: string | null;
  created_at: string;
}

export interface TaskDto {
  id: string;
  title: string;
  lead_id: string;
  lead_name: string | null;
  status: TaskStatus;
  created_at: string;
  updated_at: string;
}

export interface LeadPageDto {
  leads: LeadDto[];
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

/** The content studio's job postings (lib/http/contract.ts): staff read, managers and owners write. */
import { z } from "zod";
import { defineContract, errorAnswer, zIdOut, zTimestamp } from "@/lib/http/contract";
import {
  EMPLOYMENT_TYPES,
  JOB_STATUSES,
  ZJobCreate,
  ZJobListQuery,
  ZJobParams,
  ZJobPatch,
  ZJobRevisionParams,
} from "./job.schema";

const zItems = z.array(z.string());
const ZJobTranslation = z
  .object({
    title: z.string(),
    team: z.string(),
    location: z.string(),
    type: z.string(),
    summary: z.string(),
    image_alt: z.string(),
    sections: z.object({
      role: zItems.optional(),
      ideal: zItems.optional(),
      requirements: zItems.optional(),
      tasks: zItems.optional(),
      deal_breakers: zItems.optional(),
      education: zItems.optional(),
      skills: zItems.optional(),
      preferred: zItems.optional(),
    }),
  })
  .meta({ id: "JobTranslation" });

export const ZJob = z
  .object({
    id: z.string().meta({ description: "The address: /careers/{id}." }),
    status: z.enum(JOB_STATUSES),
    revision: z.number().int(),
    date_posted: z.string().nullable().meta({ format: "date" }),
    closing_date: z.string().nullable().meta({ format: "date" }),
    closed_at: zTimestamp.nullable(),
    employment_type: z.enum(EMPLOYMENT_TYPES),
    applicant_countries: z.array(z.string()),
    image_path: z.string().nullable(),
    salary: z.object({ currency: z.string(), min: z.number(), max: z.number() }).nullable(),
    learning_budget: z.number().nullable(),
    apply: z.union([z.object({ email_subject: z.string() }), z.object({ url: z.string() })]),
    content_updated_at: zTimestamp.nullable(),
    created_at: zTimestamp,
    updated_at: zTimestamp,
    translations: z.object({ es: ZJobTranslation.optional(), en: ZJobTranslation.optional() }),
  })
  .meta({ id: "JobPosting" });

const EXAMPLE_TRANSLATION = {
  title: "Diseñador/a de producto",
  team: "Producto",
  location: "Remoto",
  type: "Tiempo completo",
  summary: "Diseña las herramientas que usan nuestros clientes.",
  sections: { tasks: ["Entrevistar a clientes.", "Prototipar flujos."] },
};

export const listJobs = defineContract({
  operationId: "listJobs",
  method: "GET",
  path: "/api/content/jobs",
  tag: "content",
  access: "staff",
  summary: "Job postings, most recently changed first, optionally of one status.",
  query: ZJobListQuery,
  responses: {
    200: {
      description: "The jobs (a company has few: one page, no cursor).",
      schema: z.object({ data: z.array(ZJob), next_cursor: z.null() }),
    },
  },
});

export const createJob = defineContract({
  operationId: "createJob",
  method: "POST",
  path: "/api/content/jobs",
  tag: "content",
  access: "manager",
  summary: "Start a job posting as a draft; `id` is its address.",
  description:
    "Without `apply`, candidates e-mail the careers mailbox with the job's title as the subject. 409 when the address is another job's.",
  body: {
    schema: ZJobCreate,
    maxBytes: 128 * 1024,
    example: { id: "product-designer", translations: { es: EXAMPLE_TRANSLATION } },
  },
  responses: {
    201: { description: "The draft (revision 1).", schema: ZJob },
    409: errorAnswer("The address is another job's."),
  },
});

export const getJob = defineContract({
  operationId: "getJob",
  method: "GET",
  path: "/api/content/jobs/{id}",
  tag: "content",
  access: "staff",
  summary: "One job posting with its status, revision and translations.",
  params: ZJobParams,
  responses: { 200: { description: "The job.", schema: ZJob } },
});

export const updateJob = defineContract({
  operationId: "updateJob",
  method: "PATCH",
  path: "/api/content/jobs/{id}",
  tag: "content",
  access: "manager",
  summary: "Change the fields named, as an edit of `revision`; a language set to null is removed.",
  description:
    "409 `changed` when `revision` is not the current one (`fields.revision` holds the current one). An open job stays publishable: a title or summary emptied in a listed language is a 400.",
  params: ZJobParams,
  body: {
    schema: ZJobPatch,
    maxBytes: 128 * 1024,
    example: { revision: 1, closing_date: "2027-03-31" },
  },
  responses: {
    200: { description: "The job, one revision on.", schema: ZJob },
    409: errorAnswer("A stale revision."),
  },
});

export const openJob = defineContract({
  operationId: "openJob",
  method: "POST",
  path: "/api/content/jobs/{id}/open",
  tag: "content",
  access: "manager",
  summary:
    "Put a job on the careers page (no body); its date posted is today unless the record has one.",
  description: "400 naming the field when a listed language has no title or summary.",
  params: ZJobParams,
  responses: { 200: { description: "The open job.", schema: ZJob } },
});

export const closeJob = defineContract({
  operationId: "closeJob",
  method: "POST",
  path: "/api/content/jobs/{id}/close",
  tag: "content",
  access: "manager",
  summary:
    "Close a job (no body): its page says so and links to the open roles, without JobPosting data or a sitemap entry.",
  params: ZJobParams,
  responses: { 200: { description: "The closed job.", schema: ZJob } },
});

const ZJobRevision = z
  .object({
    revision: z.number().int(),
    edited_by: zIdOut.nullable(),
    edited_by_name: z.string().nullable(),
    created_at: zTimestamp,
    snapshot: z.unknown().meta({ description: "The job's status, facts and translations then." }),
  })
  .meta({ id: "JobPostingRevision" });

export const listJobRevisions = defineContract({
  operationId: "listJobRevisions",
  method: "GET",
  path: "/api/content/jobs/{id}/revisions",
  tag: "content",
  access: "staff",
  summary: "Every revision of a job posting, newest first: who, when and what it held.",
  params: ZJobParams,
  responses: {
    200: { description: "The revisions.", schema: z.object({ data: z.array(ZJobRevision) }) },
  },
});

export const restoreJobRevision = defineContract({
  operationId: "restoreJobRevision",
  method: "POST",
  path: "/api/content/jobs/{id}/revisions/{rev}/restore",
  tag: "content",
  access: "manager",
  summary: "Bring back a revision's words and facts as a new revision (no body).",
  description:
    "The status is left as it is; an open job stays publishable (400 naming the field when the revision had no title or summary in a listed language).",
  params: ZJobRevisionParams,
  responses: { 200: { description: "The job, one revision on.", schema: ZJob } },
});

export const JOB_CONTRACTS = [
  listJobs,
  createJob,
  getJob,
  updateJob,
  openJob,
  closeJob,
  listJobRevisions,
  restoreJobRevision,
];

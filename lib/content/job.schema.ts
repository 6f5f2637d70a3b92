/** What the content studio accepts for a job posting (plain zod: the studio's browser code imports it). */
import { z } from "zod";
import { JOB_SECTIONS, type JobSection } from "@/lib/careers/job.schema";
import { ARTICLE_LOCALES, RESERVED_SLUGS, SLUG_MAX } from "./article.schema";

export {
  JOB_SECTIONS,
  sectionsOf,
  type JobSection,
  type JobSections,
} from "@/lib/careers/job.schema";

export const JOB_LOCALES = ARTICLE_LOCALES;
export type JobLocale = (typeof JOB_LOCALES)[number];

export const JOB_STATUSES = ["draft", "open", "closed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** schema.org employmentType values Google for Jobs reads. */
export const EMPLOYMENT_TYPES = [
  "FULL_TIME",
  "PART_TIME",
  "CONTRACTOR",
  "TEMPORARY",
  "INTERN",
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** The job's address, /careers/{id}: the same rule as an article slug, and never the dedicated page's siblings. */
export const zJobId = z
  .string()
  .trim()
  .min(3, "The address needs at least 3 characters.")
  .max(SLUG_MAX, `The address may have at most ${SLUG_MAX} characters.`)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "Use lower-case letters, digits and single hyphens only (no spaces, slashes or dots).",
  )
  .refine((id) => !RESERVED_SLUGS.has(id), "This word is reserved; choose another address.");

const zText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const zItems = z.array(zText(1000).min(1, "An empty item.")).max(30, "At most 30 items.");
const zDate = z.iso.date("A date as YYYY-MM-DD.");

export const ZJobSections = z.strictObject(
  Object.fromEntries(JOB_SECTIONS.map((key) => [key, zItems.optional()])) as Record<
    JobSection,
    z.ZodOptional<typeof zItems>
  >,
);

export const ZJobTranslationInput = z.strictObject({
  title: zText(200).default(""),
  team: zText(100).default(""),
  location: zText(100).default(""),
  type: zText(100).default("").meta({ description: "Shown as the job's type: Full-Time." }),
  summary: zText(1000).default(""),
  image_alt: zText(300).default(""),
  sections: ZJobSections.default({}),
});
export type JobTranslationInput = z.infer<typeof ZJobTranslationInput>;

const ZJobTranslationPatch = z.strictObject({
  title: zText(200).optional(),
  team: zText(100).optional(),
  location: zText(100).optional(),
  type: zText(100).optional(),
  summary: zText(1000).optional(),
  image_alt: zText(300).optional(),
  sections: ZJobSections.optional(),
});

export const ZSalary = z
  .strictObject({
    currency: z.string().regex(/^[A-Z]{3}$/, "An ISO 4217 code such as USD."),
    min: z.number().int().min(0).max(10_000_000),
    max: z.number().int().min(0).max(10_000_000),
  })
  .refine((salary) => salary.min <= salary.max, {
    message: "The minimum is above the maximum.",
    path: ["min"],
  });

export const ZApply = z.union([
  z.strictObject({ email_subject: zText(200).min(1, "Name the subject.") }),
  z.strictObject({
    url: z.url({ protocol: /^https$/, error: "An https:// address." }).max(500),
  }),
]);

const jobFacts = {
  date_posted: zDate.nullish(),
  closing_date: zDate.nullish(),
  employment_type: z.enum(EMPLOYMENT_TYPES).optional(),
  applicant_countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2 codes such as US."))
    .min(1)
    .max(50)
    .optional(),
  image_path: z
    .string()
    .regex(
      /^\/(images\/careers|media)\/[A-Za-z0-9._-]+$/,
      "A site image (/images/careers/…) or an uploaded one (/media/…).",
    )
    .nullish(),
  salary: ZSalary.nullish(),
  learning_budget: z.number().int().min(0).max(1_000_000).nullish(),
  apply: ZApply.optional(),
};

export const ZJobCreate = z.strictObject({
  id: zJobId,
  translations: z
    .strictObject({ es: ZJobTranslationInput.optional(), en: ZJobTranslationInput.optional() })
    .refine((t) => t.es || t.en, "Write the job in at least one language."),
  ...jobFacts,
});
export type JobCreate = z.infer<typeof ZJobCreate>;

export const ZJobPatch = z.strictObject({
  revision: z.number().int().min(1).meta({ description: "The revision this change edits." }),
  translations: z
    .strictObject({
      es: ZJobTranslationPatch.nullable().optional(),
      en: ZJobTranslationPatch.nullable().optional(),
    })
    .optional(),
  ...jobFacts,
});
export type JobPatch = z.infer<typeof ZJobPatch>;

export const ZJobListQuery = z.strictObject({
  status: z.enum(JOB_STATUSES).optional(),
});

export const ZJobParams = z.object({
  id: zJobId.meta({ description: "The job's address, /careers/{id}." }),
});

export const ZJobRevisionParams = ZJobParams.extend({
  rev: z.coerce.number().int().positive(),
});

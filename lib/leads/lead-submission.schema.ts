import { z } from "zod";
import { zText } from "@/lib/http/text";
import { ZUtm, ZVisitorId } from "./lead-attribution.schema";

/** Questionnaire options (docs/product.md#optin-questionnaire). The English text is the stored value; the page translates the labels. */
export const INDUSTRIES = [
  "Finance",
  "Healthcare",
  "Retail",
  "Manufacturing",
  "Logistics",
  "Technology",
  "Other",
] as const;
export const EMPLOYEE_RANGES = ["1–50", "51–200", "201–500", "501–2000", "2000+"] as const;
export const ROLES = ["CEO", "CTO", "CIO", "Innovation Lead", "Other"] as const;
export const YES_NO = ["Yes", "No"] as const;
export const DATA_STORAGE = ["On-premises", "Cloud", "Hybrid", "Not Sure"] as const;
export const AREAS = [
  "operations efficiency",
  "predictive analytics",
  "customer experience",
  "process automation",
  "cost reduction",
  "compliance and risk management",
  "other",
] as const;
export const TIMELINES = ["Immediately", "3–6 months", "6–12 months", "No set timeline"] as const;
export const BUDGETS = ["Under $25k", "$25k–$100k", "$100k–$500k", "$500k+"] as const;
export const CONTACT_METHODS = ["Email", "Phone", "WhatsApp", "Video Call"] as const;

export const LEAD_BODY_MAX_BYTES = 32 * 1024;

const required = (max: number) =>
  zText({ error: "This answer is required." })
    .trim()
    .min(1, "This answer is required.")
    .max(max, `Use at most ${max} characters.`);

export const ZEmail = zText({ error: "Enter your e-mail." })
  .trim()
  .max(254)
  .pipe(z.email("Enter a valid e-mail address."));

/** 7–20 digits, written with digits, spaces, +, -, dots or parentheses. */
export const ZPhone = required(32).refine(
  (value) => /^[\d\s+().-]+$/.test(value) && /^\d{7,20}$/.test(value.replace(/\D/g, "")),
  "Enter a valid phone number (7–20 digits).",
);

/** A domain or URL; normalised to https:// when the scheme is missing. */
export const ZWebsite = required(200)
  .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
  .refine((value) => {
    try {
      const url = new URL(value);
      return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname);
    } catch {
      return false;
    }
  }, "Enter a valid website, such as example.com.");

const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, { error: "Choose one of the options." });

/** Every answer of the 18-step questionnaire, under the field names the API uses. */
export const ZQuestionnaireAnswers = z.object({
  website: ZWebsite,
  name: required(120),
  email: ZEmail,
  phone: ZPhone,
  company: required(160),
  industry: choice(INDUSTRIES),
  employees_range: choice(EMPLOYEE_RANGES),
  headquarters: required(160),
  role: choice(ROLES),
  uses_ai: choice(YES_NO),
  data_storage: choice(DATA_STORAGE),
  has_data_team: choice(YES_NO),
  areas: z
    .array(choice(AREAS), { error: "Choose at least one area." })
    .min(1, "Choose at least one area.")
    .max(AREAS.length)
    .refine((list) => new Set(list).size === list.length, "Each area only once."),
  challenge: required(2000),
  timeline: choice(TIMELINES),
  budget: choice(BUDGETS),
  preferred_contact: choice(CONTACT_METHODS),
  message: required(4000),
});
export type TQuestionnaireAnswers = z.infer<typeof ZQuestionnaireAnswers>;

/** The home page's short contact form. */
export const ZContactAnswers = z.object({
  name: required(120),
  email: ZEmail,
  company: zText()
    .trim()
    .max(160)
    .optional()
    .transform((v) => v || undefined),
  message: required(4000),
});
export type TContactAnswers = z.infer<typeof ZContactAnswers>;

export const ZSubmissionId = zText()
  .trim()
  .min(8, "submission_id is too short.")
  .max(100)
  .regex(/^[\w-]+$/, "submission_id may use letters, digits, - and _.");

/** Fields every submission carries besides the answers. */
const ZEnvelope = z.object({
  lang: z.enum(["es", "en"], { error: "lang must be 'es' or 'en'." }),
  /** Client-generated id: a retried request returns the first result instead of creating another. */
  submission_id: ZSubmissionId.optional(),
  /** Optional: milliseconds the visitor spent on the form; people need seconds, bots do not. */
  elapsed_ms: z
    .number({ error: "elapsed_ms must be a number of milliseconds." })
    .int()
    .min(0)
    .max(7 * 24 * 60 * 60 * 1000)
    .optional(),
  /** Hidden field a person never sees; anything in it means a bot filled the form. */
  fax: zText().max(500).optional(),
  /** Attribution: the tracker's anonymous visitor id, sent only when the tracker may run. */
  visitor_id: ZVisitorId.optional(),
  /** Attribution: the landing page's campaign tags, as the form knows them. */
  utm: ZUtm.optional(),
});

export const ZLeadSubmissionRequest = z.discriminatedUnion(
  "source",
  [
    ZEnvelope.extend({
      source: z.literal("optin").default("optin"),
      ...ZQuestionnaireAnswers.shape,
    }).strict(),
    ZEnvelope.extend({ source: z.literal("home_form"), ...ZContactAnswers.shape }).strict(),
  ],
  { error: "source must be 'optin' or 'home_form'." },
);
export type TLeadSubmissionRequest = z.infer<typeof ZLeadSubmissionRequest>;

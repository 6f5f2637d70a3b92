import { z } from "zod";

/** The two languages a proposal is written in. */
export const PROPOSAL_LANGS = ["es", "en"] as const;
export type ProposalLang = (typeof PROPOSAL_LANGS)[number];

/**
 * A draft is only visible to staff; sharing (by e-mail or by copying the link) opens it to the client
 * for 30 days; withdrawing closes the link for good.
 */
export const PROPOSAL_STATUSES = [
  "draft",
  "shared",
  "viewed",
  "signed",
  "expired",
  "withdrawn",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Proposals stay open for signature this long after they are first shared (docs/product.md#stored-proposals-and-client-links). */
export const PROPOSAL_VALID_DAYS = 30;

/** The drawn signature may weigh at most this much as a PNG. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;

// Every field is free text, amounts included (docs/product.md#proposal-builder); only sizes are bounded.
const text = (max: number) =>
  z.string({ error: "Must be text." }).max(max, `Use at most ${max} characters.`);
const textList = (maxItems: number, maxLength: number) =>
  z.array(text(maxLength)).max(maxItems, `At most ${maxItems} entries.`);

const ZAmountLine = z.object({ label: text(300), amount: text(60) });

/** One row of a comparison table: the client's baseline, the result with the agent (or the pilot), and the change. */
export const ZComparisonRow = z.object({
  metric: text(300),
  baseline: text(300),
  agent: text(300).optional(),
  mvp: text(300).optional(),
  delta: text(300),
});

const ZEmailOrEmpty = z.union([
  z.literal(""),
  z.email("Enter a valid e-mail address or leave it empty.").max(254),
]);
const ZHttpUrlOrEmpty = z.union([
  z.literal(""),
  z.url({ protocol: /^https?$/, error: "Enter an http(s) address or leave it empty." }).max(2000),
]);

export const ZProposalClient = z.object({
  name: text(200).default(""),
  industry: text(200).default(""),
  country: text(200).default(""),
  contactEmail: ZEmailOrEmpty.default(""),
  /** The CRM lead the proposal is for, when known. */
  contactId: text(100).default(""),
  logoUrl: ZHttpUrlOrEmpty.default(""),
});

/** Proposal data: one schema for the builder, the API and the viewer. */
export const ZProposalData = z.object({
  lang: z.enum(PROPOSAL_LANGS, { error: "lang must be 'es' or 'en'." }).default("es"),
  title: text(300).default(""),
  client: ZProposalClient.default({
    name: "",
    industry: "",
    country: "",
    contactEmail: "",
    contactId: "",
    logoUrl: "",
  }),
  kpis: textList(30, 500).default([]),
  comparison: z.array(ZComparisonRow).max(30).default([]),
  investment: z
    .object({
      currency: text(10).default("USD"),
      items: z.array(ZAmountLine).max(40).default([]),
      subtotal: text(60).default(""),
      monthly: z.array(ZAmountLine).max(20).default([]),
      notes: textList(20, 1000).default([]),
      totalNotice: text(1000).default(""),
    })
    .default({ currency: "USD", items: [], subtotal: "", monthly: [], notes: [], totalNotice: "" }),
  timeline: z
    .array(
      z.object({
        phase: text(200),
        duration: text(100),
        activities: textList(20, 500).default([]),
      }),
    )
    .max(20)
    .default([]),
  terms: textList(30, 1000).default([]),
  legend: z
    .array(z.object({ a: text(40), d: text(300) }))
    .max(40)
    .default([]),
  mvp: z
    .object({
      timeline: z
        .array(z.object({ t: text(100), d: text(500) }))
        .max(20)
        .default([]),
      scope: textList(30, 500).default([]),
      comparison: z.array(ZComparisonRow).max(30).default([]),
    })
    .optional(),
});
export type ProposalData = z.infer<typeof ZProposalData>;
export type ProposalDataInput = z.input<typeof ZProposalData>;
export type ComparisonRow = z.infer<typeof ZComparisonRow>;

/** A stored proposal's data is at most this large as JSON. */
export const PROPOSAL_BODY_MAX_BYTES = 128 * 1024;

const ZLeadId = z.uuid("lead_id must be a lead's id.");

/** The content in the other language; each entry's own `lang` must be its key and differ from the main one. */
export const ZTranslations = z
  .object({ es: ZProposalData.optional(), en: ZProposalData.optional() })
  .default({});
export type ProposalTranslations = z.infer<typeof ZTranslations>;

const translationsAgree = (body: { data: ProposalData; translations?: ProposalTranslations }) =>
  Object.entries(body.translations ?? {}).every(
    ([lang, data]) => !data || (data.lang === lang && lang !== body.data.lang),
  );
const translationsMessage = {
  message: "Each translation's lang must be its key and differ from data.lang.",
  path: ["translations"],
};

export const ZCreateProposal = z
  .strictObject({
    data: ZProposalData,
    lead_id: ZLeadId.optional(),
    translations: ZTranslations,
    /** true: store it even though the lead already has an open or signed proposal (else 409). */
    another: z.boolean({ error: "another must be true or false." }).optional(),
  })
  .refine(translationsAgree, translationsMessage);
export type TCreateProposal = z.infer<typeof ZCreateProposal>;

/** Without `translations` an edit keeps the stored ones. */
export const ZUpdateProposal = z
  .strictObject({ data: ZProposalData, translations: ZTranslations.optional() })
  .refine(translationsAgree, translationsMessage);

/** `PUT /api/crm/proposals/{id}/reminders {enabled}`: the client's reminder before expiry, on or off. */
export const ZProposalReminders = z.strictObject({
  enabled: z.boolean("enabled must be true or false."),
});
export type TProposalReminders = z.infer<typeof ZProposalReminders>;

/** Days before expiry at which a shared, unsigned proposal's client gets its one reminder. */
export const PROPOSAL_REMINDER_DAYS_BEFORE = 3;

/** Staff move an expired or expiring proposal's date this many days on. */
export const ZExtendProposal = z.strictObject({
  days: z
    .int("days must be a whole number of days.")
    .min(1, "Extend by at least 1 day.")
    .max(365, "Extend by at most 365 days."),
});
export type TExtendProposal = z.infer<typeof ZExtendProposal>;

export const ZSha256 = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, "A SHA-256 is 64 hexadecimal characters.");

/** What the client types in the signature block, plus the drawn signature as a PNG data URL. */
export const ZSignProposal = z
  .strictObject({
    full_name: z
      .string({ error: "Enter your full name." })
      .trim()
      .min(2, "Enter your full name.")
      .max(200),
    role: z.string({ error: "Enter your role." }).trim().min(1, "Enter your role.").max(200),
    company: z.string({ error: "Enter the company." }).trim().min(1, "Enter the company.").max(200),
    date: z.string({ error: "Enter the date." }).trim().min(1, "Enter the date.").max(40),
    image: z
      .string({ error: "Draw your signature." })
      .regex(
        /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/,
        "The signature must be a PNG image (data URL).",
      ),
    /** The version the client read; a signature for any other answers 409 "changed". */
    version: z.int("version must be a whole number.").min(1).optional(),
    /** Alternatively, the SHA-256 of the content the client read. */
    content_sha256: ZSha256.optional(),
    /** The language the client read and signed in. */
    lang: z.enum(PROPOSAL_LANGS, { error: "lang must be 'es' or 'en'." }).optional(),
  })
  // Without it the signature would bind to whatever is current, which the client may never have read.
  .refine((body) => body.version !== undefined || body.content_sha256 !== undefined, {
    message: "Send the version or content_sha256 of the proposal you read.",
    path: ["version"],
  });
export type TSignProposal = z.infer<typeof ZSignProposal>;

/** The JSON body limit for a signature: a 200 KB PNG grows by a third in base64. */
export const SIGNATURE_BODY_MAX_BYTES = Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4 * 1024;

export const ZSendProposalEmail = z
  .strictObject({
    proposal_id: z.uuid("proposal_id must be a stored proposal's id."),
    contact_id: z.string().trim().max(100).optional(),
    to_email: z.email("Enter a valid e-mail address.").max(254).optional(),
    /** Optional: without one the server writes the subject in the proposal's language. */
    subject: z
      .string({ error: "Enter a subject." })
      .trim()
      .min(1, "Enter a subject.")
      .max(200)
      .optional(),
    /** A personal note from the sender, placed after the greeting. */
    message: z.string().trim().max(5000).optional(),
    /** true: answer the e-mail as it would be sent (subject, HTML, text) and queue nothing. */
    preview: z.boolean({ error: "preview must be true or false." }).optional(),
    /** Accepted for callers of the original API and ignored: the server writes the e-mail's HTML itself. */
    html_content: z.string().max(200_000).optional(),
  })
  .refine((body) => body.contact_id || body.to_email, {
    message: "The client has no contact e-mail.",
    path: ["to_email"],
  });
export type TSendProposalEmail = z.infer<typeof ZSendProposalEmail>;

/** API shapes. */
export interface SignatureDto {
  full_name: string;
  role: string;
  company: string;
  date: string;
  /** The drawn signature as a PNG data URL; null once the signer's personal data was erased. */
  image: string | null;
  signed_at: string;
  content_sha256: string;
  version: number;
  lang: ProposalLang;
}

export interface ProposalSummaryDto {
  id: string;
  token: string;
  url: string;
  status: ProposalStatus;
  lang: ProposalLang;
  title: string;
  client_name: string;
  /** False when the author left the client unnamed and `client_name` is the stand-in "Cliente". */
  client_named: boolean;
  lead_id: string | null;
  created_at: string;
  sent_at: string | null;
  first_viewed_at: string | null;
  signed_at: string | null;
  expires_at: string | null;
  /** The current version of the content (1 when stored, one more per edit). */
  version: number;
  withdrawn_at: string | null;
  /** Whether the client gets one reminder 3 days before the link expires (staff can turn it off). */
  reminders_enabled: boolean;
  /** When the lead's personal data was erased: the link stays closed and the proposal can no longer change. */
  erased_at: string | null;
}

export interface ProposalDto extends ProposalSummaryDto {
  data: ProposalData;
  translations: ProposalTranslations;
  signature: SignatureDto | null;
}

/** One stored proposal as `GET /api/crm/proposals/{id}` answers it: whether the caller may change it too. */
export interface StaffProposalDto extends ProposalDto {
  /** Edit, extend, withdraw and reminders are open to this caller (the owner's settings; docs/product.md#staff-accounts). */
  may_change: boolean;
}

/** What the client link answers: the data is in `proposal_data`. */
export interface PublicProposalDto {
  proposal_data: ProposalData;
  status: ProposalStatus;
  expires_at: string | null;
  signature?: SignatureDto;
  /** What a signature must name to be accepted. */
  version: number;
  content_sha256: string;
  /** The languages the proposal is written in. */
  languages: ProposalLang[];
  /** The content in every language it has, so the page can switch without mixing. */
  documents: Partial<Record<ProposalLang, ProposalData>>;
  /** When the content last changed. */
  updated_at: string;
}

/** What sharing answers: the link's status, address and the date it stops accepting a signature. */
export interface ShareResultDto {
  status: ProposalStatus;
  url: string;
  expires_at: string | null;
}

/** POST /api/crm/send-email with `preview: true`: the message as it would be sent. */
export interface EmailPreviewDto {
  subject: string;
  html: string;
  text: string;
}

export interface SendEmailResultDto {
  /** The e-mail was recorded and its delivery job queued. */
  ok: true;
  status: "queued";
  /** The outbox message (GET /api/staff/outbox) that tells when it is delivered. */
  message_id: string;
  message: string;
}

export {
  clientNameOf,
  FALLBACK_CLIENT_NAME,
  hasClientName,
  hasTitle,
  proposalNameOf,
} from "./client-name";

/** The client link's token in /api/ai/proposals/{token}; the service answers any unknown or malformed one with the same 404. */
export const ZProposalTokenParams = z.object({ token: z.string() });

/** The client link's optional language: `?lang=es|en`; anything else falls back to the visitor's own. */
export const ZProposalLangQuery = z.object({ lang: z.string().max(10).optional() });

/** A sealed PDF sent for verification may weigh at most this much. */
export const VERIFY_PDF_MAX_BYTES = 10 * 1024 * 1024;

export const ZVerifyHash = z.strictObject({ sha256: ZSha256 });
export type TVerifyHash = z.infer<typeof ZVerifyHash>;

/** What verification answers: only what the sealed document itself shows. */
export type VerifyResultDto =
  | {
      match: true;
      /** Which fingerprint matched: the sealed file's, or the signed content's (certificate page, e-mail). */
      kind: "file" | "content";
      title: string;
      signer: string;
      signed_at: string;
      /** The zone the certificate page states the signing time in. */
      time_zone: string;
    }
  | { match: false };

/** The fixed samples' PDF file names (GET /api/proposals/samples/{file}); any other name is 404. */
export const SAMPLE_PDF_FILE_NAMES = [
  "santo-domingo-motors.pdf",
  "santo-domingo-motors-mvp.pdf",
] as const;
export type SamplePdfFile = (typeof SAMPLE_PDF_FILE_NAMES)[number];

/** `?lang=es|en` of a PDF download; any other value is refused (400) rather than guessed. */
export const ZPdfLangQuery = z.strictObject({
  lang: z.enum(PROPOSAL_LANGS, { error: "lang must be 'es' or 'en'." }).optional(),
});

/** Stored proposals per page of `GET /api/crm/proposals`. */
export const PROPOSALS_PAGE_SIZE = 50;

/** `GET /api/crm/proposals`: filters (all optional, combined) and the next page's cursor. */
export const ZProposalListQuery = z.strictObject({
  status: z
    .enum(PROPOSAL_STATUSES, { error: `Status must be one of: ${PROPOSAL_STATUSES.join(", ")}.` })
    .optional(),
  /** `me` (the signed-in account) or an account id: who stored the proposal. */
  author: z.union([z.literal("me"), z.uuid()], { error: "Use me or an account id." }).optional(),
  lead_id: z.uuid("Not a lead id.").optional(),
  /** Words of the title, the client's name, or the lead's name, e-mail or company (case and accents ignored). */
  q: z
    .string()
    .trim()
    .max(100, "Use at most 100 characters.")
    .optional()
    .transform((v) => (v ? v : undefined)),
  cursor: z.string().max(200).optional(),
});
export type TProposalListQuery = z.infer<typeof ZProposalListQuery>;

/** A proposal's money as figures, in its own currency (docs/product.md#deal-value); a null figure is unreadable text. */
export interface ProposalValueDto {
  currency: string;
  initial: number | null;
  monthly: number | null;
}

/** One row of the proposals list: the summary plus who it is for, who wrote it and what it is worth. */
export interface ProposalListItemDto extends ProposalSummaryDto {
  lead: { id: string; name: string } | null;
  /** The account that stored it; null for proposals stored before accounts existed (or by the seed). */
  author: { id: string; name: string } | null;
  value: ProposalValueDto | null;
  /** When the client link was first shared; null while a draft. */
  shared_at: string | null;
  updated_at: string;
}

export interface ProposalPageDto {
  data: ProposalListItemDto[];
  next_cursor: string | null;
}

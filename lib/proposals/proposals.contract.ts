/** Proposals: the client link, signing, verification and the staff builder (lib/http/contract.ts). */
import { z } from "zod";
import {
  defineContract,
  errorAnswer,
  fileAnswer,
  ZErrorBody,
  zIdOut,
  zPathId,
  zTimestamp,
} from "@/lib/http/contract";
import {
  PROPOSAL_BODY_MAX_BYTES,
  PROPOSAL_LANGS,
  PROPOSAL_STATUSES,
  SIGNATURE_BODY_MAX_BYTES,
  ZCreateProposal,
  ZExtendProposal,
  ZProposalData,
  ZProposalListQuery,
  SAMPLE_PDF_FILE_NAMES,
  ZPdfLangQuery,
  ZProposalLangQuery,
  ZProposalReminders,
  ZSendProposalEmail,
  ZSignProposal,
  ZUpdateProposal,
  ZVerifyHash,
} from "./proposal.schema";

const zLang = z.enum(PROPOSAL_LANGS);
/** Named once in the document (components), not repeated inline at every use. */
export const ZProposalDataRef = ZProposalData.meta({ id: "ProposalData" });
export const ZTranslationsRef = z
  .object({ es: ZProposalDataRef.optional(), en: ZProposalDataRef.optional() })
  .meta({ id: "ProposalTranslations", description: "The content in its other languages." });
const zStatus = z.enum(PROPOSAL_STATUSES);
const zToken = z.object({
  token: z.string().meta({ description: "The client link's token (any unknown one: 404)." }),
});
const mayNotChange =
  "A colleague's shared proposal: managers and owners, sales only when the owner's `sales_may_change_others_proposals` allows it (else 403, audited).";

export const ZSignature = z
  .object({
    full_name: z.string(),
    role: z.string(),
    company: z.string(),
    date: z.string(),
    image: z.string().nullable().meta({ description: "PNG data URL; null once erased." }),
    signed_at: zTimestamp,
    content_sha256: z.string(),
    version: z.number().int(),
    lang: zLang,
  })
  .meta({ id: "Signature" });

export const ZProposalSummary = z
  .object({
    id: zIdOut,
    token: z.string(),
    url: z.string(),
    status: zStatus,
    lang: zLang,
    title: z.string(),
    client_name: z.string(),
    client_named: z
      .boolean()
      .describe(
        'False when the proposal has no client name and `client_name` is the stand-in "Cliente".',
      ),
    lead_id: zIdOut.nullable(),
    created_at: zTimestamp,
    sent_at: zTimestamp.nullable(),
    first_viewed_at: zTimestamp.nullable(),
    signed_at: zTimestamp.nullable(),
    expires_at: zTimestamp.nullable(),
    version: z.number().int(),
    withdrawn_at: zTimestamp.nullable(),
    reminders_enabled: z.boolean(),
    erased_at: zTimestamp.nullable(),
  })
  .meta({ id: "ProposalSummary" });

export const ZProposal = ZProposalSummary.extend({
  data: ZProposalDataRef,
  translations: ZTranslationsRef,
  signature: ZSignature.nullable(),
}).meta({ id: "Proposal" });

export const ZPublicProposal = z
  .object({
    proposal_data: ZProposalDataRef,
    status: zStatus,
    expires_at: zTimestamp.nullable(),
    signature: ZSignature.optional(),
    version: z.number().int(),
    content_sha256: z.string(),
    languages: z.array(zLang),
    documents: ZTranslationsRef,
    updated_at: zTimestamp,
  })
  .meta({ id: "PublicProposal" });

export const viewProposal = defineContract({
  operationId: "viewSharedProposal",
  method: "GET",
  path: "/api/ai/proposals/{token}",
  tag: "proposals",
  access: "public",
  summary: "A shared proposal by its client link token; records the client's view.",
  description:
    "In `?lang=` when it has that language. The same 404 for unknown, draft and withdrawn links; 410 once the client's personal data was erased.",
  params: zToken,
  query: ZProposalLangQuery,
  responses: {
    200: { description: "The proposal.", schema: ZPublicProposal },
    404: errorAnswer("No shared proposal has this link."),
    410: errorAnswer("The client's personal data was erased."),
  },
});

export const signProposal = defineContract({
  operationId: "signSharedProposal",
  method: "POST",
  path: "/api/ai/proposals/{token}/signature",
  tag: "proposals",
  access: "public",
  summary: "The client signs the version they read (from our own page only).",
  description:
    "`version` or `content_sha256` is required (400 without either); one that is not current answers 409 `changed`, an already signed proposal 409 `conflict`.",
  params: zToken,
  query: ZProposalLangQuery,
  body: { schema: ZSignProposal, maxBytes: SIGNATURE_BODY_MAX_BYTES },
  responses: {
    201: {
      description: "Signed.",
      schema: z.object({ status: z.literal("signed"), signature: ZSignature }),
    },
    403: errorAnswer("Sent from another site."),
    404: errorAnswer("No shared proposal has this link."),
    409: errorAnswer("Already signed (`conflict`), or not the current version (`changed`)."),
    410: errorAnswer("The link has expired, or the client's data was erased."),
    429: errorAnswer("Too many well-formed attempts for this link.", {
      "Retry-After": "Seconds to wait before trying again.",
    }),
  },
});

export const signedPdfByToken = defineContract({
  operationId: "getSignedPdfByLink",
  method: "GET",
  path: "/api/ai/proposals/{token}/signed.pdf",
  tag: "proposals",
  access: "public",
  summary: "The sealed signed PDF, once signed.",
  params: zToken,
  query: ZProposalLangQuery,
  responses: {
    200: fileAnswer("The sealed PDF.", "application/pdf"),
    404: errorAnswer("Not signed yet, or no such link."),
    410: errorAnswer("The signer's personal data was erased."),
  },
});

export const verifyPdf = defineContract({
  operationId: "verifySealedPdf",
  method: "POST",
  path: "/api/proposals/verify",
  tag: "proposals",
  access: "public",
  summary:
    "Is this a document we sealed? Multipart `file` (a PDF, at most 10 MB) or JSON `{sha256}`.",
  description:
    "`sha256` is the sealed file's SHA-256 or the signed content's (printed on the certificate page and in the signing e-mail). The address's budget is taken before the upload is read (429 past it). Answers only what the sealed record keeps.",
  body: {
    schema: ZVerifyHash,
    readByHandler: true,
    alsoAccepts: {
      "multipart/form-data": z.object({
        file: z.string().meta({ format: "binary", description: "The PDF." }),
      }),
    },
    example: { sha256: "a".repeat(64) },
  },
  responses: {
    200: {
      description: "Whether it matches, and if so what the sealed document shows.",
      schema: z.discriminatedUnion("match", [
        z.object({
          match: z.literal(true),
          kind: z.enum(["file", "content"]).meta({
            description: "Which fingerprint matched: the sealed file's, or the signed content's.",
          }),
          title: z.string(),
          signer: z.string().meta({
            description: "Name (company), or the company alone once the signer's data was erased.",
          }),
          signed_at: zTimestamp,
          time_zone: z.string().meta({
            description: "The zone the certificate page states the signing time in.",
          }),
        }),
        z.object({ match: z.literal(false) }),
      ]),
    },
    429: errorAnswer("Past the address's verification budget.", {
      "Retry-After": "Seconds to wait before trying again.",
    }),
  },
});

/** A row of the proposals list: the summary (as the list answered before) plus lead, author, value and dates. */
export const ZProposalListItem = ZProposalSummary.extend({
  lead: z.object({ id: zIdOut, name: z.string() }).nullable(),
  author: z
    .object({ id: zIdOut, name: z.string() })
    .nullable()
    .meta({ description: "The account that stored it; null for proposals from before accounts." }),
  value: z
    .object({
      currency: z.string(),
      initial: z.number().nullable(),
      monthly: z.number().nullable(),
    })
    .nullable()
    .meta({
      description:
        "The investment as figures in the proposal's currency: the one-off amount (the subtotal, else the items' sum) and the monthly sum; a null figure is text that cannot be read as an amount; null when no amount is stated.",
    }),
  shared_at: zTimestamp.nullable(),
  updated_at: zTimestamp,
}).meta({ id: "ProposalListItem" });

export const listProposals = defineContract({
  operationId: "listProposals",
  method: "GET",
  path: "/api/crm/proposals",
  tag: "proposals",
  access: "staff",
  summary:
    "Stored proposals with their status, lead, author and value, newest first, a page at a time.",
  description:
    "Filters combine: `status` (as shown: an open link past its date is `expired`), `author` (`me` or an account id: who stored it), `lead_id`, `q` (title, client, lead; case and accents ignored). Send `next_cursor` back as `cursor` until it is null (50 a page). Under the owner's `\"own\"` visibility a sales account sees those without a lead or of its own and unassigned leads; `lead_id` of a colleague's lead answers 403.",
  query: ZProposalListQuery,
  responses: {
    200: {
      description: "A page of proposals.",
      schema: z.object({ data: z.array(ZProposalListItem), next_cursor: z.string().nullable() }),
    },
  },
});

export const createProposal = defineContract({
  operationId: "createProposal",
  method: "POST",
  path: "/api/crm/proposals",
  tag: "proposals",
  access: "staff",
  summary: "Store a proposal (a draft) and get its client link.",
  description:
    "The client link opens only once the proposal is shared (POST /api/crm/proposals/{id}/share). A proposal with no client name and nothing offered (no one-off or monthly item, no subtotal) is refused (400). A lead that already has an open (draft, shared or viewed, not past its date) or signed proposal gets a second one only with `another: true`; without it the answer is 409 naming the existing one in `existing_id` (edit that one with PATCH instead).",
  body: { schema: ZCreateProposal, maxBytes: PROPOSAL_BODY_MAX_BYTES, readByHandler: true },
  responses: {
    201: {
      description: "Stored.",
      schema: z.object({ id: zIdOut, token: z.string(), url: z.string() }),
    },
    409: {
      description:
        "The lead already has an open or signed proposal; `another: true` stores one more.",
      schema: ZErrorBody.extend({ existing_id: zIdOut }),
    },
  },
});

export const getProposal = defineContract({
  operationId: "getProposal",
  method: "GET",
  path: "/api/crm/proposals/{id}",
  tag: "proposals",
  access: "staff",
  summary: "One stored proposal, with whether the caller may change it (`may_change`).",
  description: "403 (audited) for a proposal of a lead the session may not see.",
  params: zPathId,
  responses: {
    200: {
      description: "The proposal under `data`.",
      schema: z.object({ data: ZProposal.extend({ may_change: z.boolean() }) }),
    },
  },
});

export const updateProposal = defineContract({
  operationId: "updateProposal",
  method: "PATCH",
  path: "/api/crm/proposals/{id}",
  tag: "proposals",
  access: "staff",
  summary: "Replace a proposal's data as a new version; refused once signed.",
  description: mayNotChange,
  params: zPathId,
  body: { schema: ZUpdateProposal, maxBytes: PROPOSAL_BODY_MAX_BYTES, readByHandler: true },
  responses: {
    200: { description: "The proposal under `data`.", schema: z.object({ data: ZProposal }) },
    409: errorAnswer("Signed, withdrawn or erased: it can no longer change."),
  },
});

export const shareProposal = defineContract({
  operationId: "shareProposal",
  method: "POST",
  path: "/api/crm/proposals/{id}/share",
  tag: "proposals",
  access: "staff",
  summary:
    "Open the client link; the first call starts the 30 days, later calls answer the same link.",
  params: zPathId,
  responses: {
    200: {
      description: "The link.",
      schema: z.object({ status: zStatus, url: z.string(), expires_at: zTimestamp.nullable() }),
    },
    409: errorAnswer("Withdrawn or erased: the link cannot open."),
  },
});

export const extendProposal = defineContract({
  operationId: "extendProposal",
  method: "POST",
  path: "/api/crm/proposals/{id}/extend",
  tag: "proposals",
  access: "staff",
  summary: "Move an expired or expiring proposal's date on; 409 once signed.",
  description: mayNotChange,
  params: zPathId,
  body: { schema: ZExtendProposal, example: { days: 30 } },
  responses: {
    200: { description: "The new date.", schema: z.object({ expires_at: zTimestamp }) },
    409: errorAnswer("Signed, withdrawn or never shared."),
  },
});

export const setReminders = defineContract({
  operationId: "setProposalReminders",
  method: "PUT",
  path: "/api/crm/proposals/{id}/reminders",
  tag: "proposals",
  access: "staff",
  summary: "Turn the client's one reminder before expiry on or off.",
  description: mayNotChange,
  params: zPathId,
  body: { schema: ZProposalReminders, example: { enabled: false } },
  responses: {
    200: { description: "The setting.", schema: z.object({ reminders_enabled: z.boolean() }) },
  },
});

export const withdrawProposal = defineContract({
  operationId: "withdrawProposal",
  method: "POST",
  path: "/api/crm/proposals/{id}/withdraw",
  tag: "proposals",
  access: "staff",
  summary: "Close the client link for good (it then answers 404); 409 once signed.",
  description: mayNotChange,
  params: zPathId,
  responses: {
    200: { description: "Withdrawn.", schema: z.object({ status: z.literal("withdrawn") }) },
    409: errorAnswer("Signed: it can no longer be withdrawn."),
  },
});

export const signedPdf = defineContract({
  operationId: "getSignedPdf",
  method: "GET",
  path: "/api/crm/proposals/{id}/signed.pdf",
  tag: "proposals",
  access: "staff",
  summary: "The sealed PDF of a signed proposal; 404 before signing.",
  params: zPathId,
  responses: { 200: fileAnswer("The sealed PDF.", "application/pdf") },
});

export const sendProposalEmail = defineContract({
  operationId: "sendProposalEmail",
  method: "POST",
  path: "/api/crm/send-email",
  tag: "proposals",
  access: "staff",
  summary: "Queue the e-mail of a stored proposal's client link (the server writes the HTML).",
  description:
    "Answers at once; the outbox (GET /api/staff/outbox) shows its delivery. The e-mail is in the proposal's language from subject to signature, greets the linked lead by name and has the sender as Reply-To. With `preview: true` it answers 200 with the message as it would be sent and queues nothing.",
  body: { schema: ZSendProposalEmail },
  responses: {
    200: {
      description: "The preview (`preview: true`): nothing was queued.",
      schema: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
    },
    202: {
      description: "Queued.",
      schema: z.object({
        ok: z.literal(true),
        status: z.literal("queued"),
        message_id: zIdOut,
        message: z.string(),
      }),
    },
    404: errorAnswer("No such proposal or contact."),
    409: errorAnswer("The proposal is not shared, or can no longer be sent."),
  },
});

export const draftProposal = defineContract({
  operationId: "draftProposalForLead",
  method: "POST",
  path: "/api/crm/leads/{id}/proposal-draft",
  tag: "crm",
  access: "staff",
  summary: "A draft proposal built from the lead's questionnaire answers (no body).",
  params: zPathId,
  responses: {
    200: {
      description: "The draft, for the builder; nothing is stored.",
      schema: z.object({
        lead_id: zIdOut,
        data: ZProposalDataRef,
        translations: ZTranslationsRef,
      }),
    },
  },
});

const zPdfLangQuery = ZPdfLangQuery.meta({
  description: "`es` or `en`; a proposal without that language answers in its own.",
});

export const proposalPdfByToken = defineContract({
  operationId: "getProposalPdfByLink",
  method: "GET",
  path: "/api/ai/proposals/{token}/proposal.pdf",
  tag: "proposals",
  access: "public",
  summary: "The PDF of what the client sees on the link (the sealed PDF once signed).",
  description:
    "Rendered on the server: tagged, A4, with the validity line and blank lines to accept it. A signed link answers with the sealed PDF.",
  params: zToken,
  query: zPdfLangQuery,
  responses: {
    200: fileAnswer("The proposal's PDF.", "application/pdf"),
    404: errorAnswer("No such link, or a draft or withdrawn proposal."),
    410: errorAnswer("The client's personal data was erased."),
  },
});

export const samplePdf = defineContract({
  operationId: "getSampleProposalPdf",
  method: "GET",
  path: "/api/proposals/samples/{file}",
  tag: "proposals",
  access: "public",
  isDatabaseFree: true,
  summary: "A fixed sample proposal's PDF (`{file}` is `{slug}.pdf`).",
  params: z.object({
    file: z
      .enum(SAMPLE_PDF_FILE_NAMES)
      .meta({ description: "A sample's file name; any other is 404." }),
  }),
  query: zPdfLangQuery,
  responses: { 200: fileAnswer("The sample's PDF.", "application/pdf") },
});

export const storedProposalPdf = defineContract({
  operationId: "getProposalPdf",
  method: "GET",
  path: "/api/crm/proposals/{id}/proposal.pdf",
  tag: "proposals",
  access: "staff",
  summary: "A stored proposal's unsigned PDF.",
  description:
    "The same access rule as reading the proposal (403 for a colleague's when the owner's setting hides it).",
  params: zPathId,
  query: zPdfLangQuery,
  responses: {
    200: fileAnswer("The proposal's PDF.", "application/pdf"),
    410: errorAnswer("The client's personal data was erased."),
  },
});

export const PROPOSAL_CONTRACTS = [
  draftProposal,
  viewProposal,
  signProposal,
  signedPdfByToken,
  proposalPdfByToken,
  samplePdf,
  verifyPdf,
  listProposals,
  createProposal,
  getProposal,
  updateProposal,
  shareProposal,
  extendProposal,
  setReminders,
  withdrawProposal,
  signedPdf,
  storedProposalPdf,
  sendProposalEmail,
];

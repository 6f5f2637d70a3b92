import { z } from "zod";
import { ZExportQuery } from "@/lib/analytics/export.schema";
import { ZPeriodQuery } from "@/lib/analytics/periods";
import { ZBookingIcsQuery } from "@/lib/booking/booking.schema";
import {
  ZAddActivity,
  ZCreateLead,
  ZCreateTask,
  ZLeadExportQuery,
  ZLeadListQuery,
  ZMoveLeadQuery,
  ZPipelineQuery,
  ZTaskListQuery,
  ZUpdateTask,
} from "@/lib/crm/crm.schema";
import { ZCrmSettings } from "@/lib/crm/deal-value.schema";
import { ZLeadPatch } from "@/lib/crm/lead-patch.schema";
import { ZReviewDecision } from "@/lib/leads/lead-review.schema";
import { ZLeadSubmissionRequest } from "@/lib/leads/lead-submission.schema";
import { ZOutboxQuery } from "@/lib/mail/outbox.schema";
import {
  ZCreateProposal,
  ZExtendProposal,
  ZProposalReminders,
  ZProposalLangQuery,
  ZSendProposalEmail,
  ZSignProposal,
  ZUpdateProposal,
  ZVerifyHash,
} from "@/lib/proposals/proposal.schema";
import {
  ZConfirmTwoFactor,
  ZForgotPassword,
  ZInviteAccount,
  ZSetPassword,
  ZSignIn,
  ZStaffSettings,
  ZUpdateAccount,
} from "@/lib/staff/staff-auth.schema";

type Method = "get" | "post" | "put" | "patch" | "delete";

interface Operation {
  summary: string;
  /** Staff endpoints need the session cookie from POST /api/crm/auth. */
  isStaff?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  success: { status: number; description: string };
  example?: unknown;
}

/** Every documented operation, with the zod schema its handler parses: the document cannot drift from the code. */
const OPERATIONS: Record<string, Partial<Record<Method, Operation>>> = {
  "/api/leads": {
    post: {
      summary:
        "Submit a lead (questionnaire or contact form). Idempotent on submission_id / Idempotency-Key; without either, an identical body for the same e-mail within 10 minutes is the same submission.",
      body: ZLeadSubmissionRequest,
      success: { status: 201, description: "Stored (or held for review); `{ok: true, id}`." },
      example: {
        name: "Lucía Fernández",
        email: "lucia@clinica-norte.example",
        phone: "+34 600 000 123",
        company: "Clínica Norte",
        headquarters: "Bilbao, España",
        employees_range: "51–200",
        industry: "Healthcare",
        role: "CIO",
        uses_ai: "No",
        data_storage: "Hybrid",
        has_data_team: "Yes",
        areas: ["process automation"],
        challenge: "We miss calls.",
        timeline: "3–6 months",
        budget: "$25k–$100k",
        preferred_contact: "Email",
        message: "We would like an AI receptionist.",
        website: "clinica-norte.example",
        lang: "en",
      },
    },
  },
  "/api/analytics/event": {
    post: {
      summary: "One tracker event, or `{events: [...]}` (up to 50), from our own pages.",
      success: {
        status: 202,
        description:
          "`{accepted, rejected, errors: [{index, reason}]}`: each refused event by its place in the batch.",
      },
    },
  },
  "/api/booking/ics": {
    get: {
      summary: "The booking confirmation's calendar file (text/calendar).",
      query: ZBookingIcsQuery,
      success: { status: 200, description: "An iCalendar file." },
    },
  },
  "/api/health": {
    get: {
      summary: "Liveness and a database round trip.",
      success: { status: 200, description: "`{status, database}`." },
    },
  },
  "/api/ai/proposals/{token}": {
    get: {
      summary:
        "A shared proposal by its client link token, in `?lang=` when it has that language; the same 404 for unknown, draft and withdrawn links; 410 once the client's personal data was erased.",
      query: ZProposalLangQuery,
      success: {
        status: 200,
        description: "The proposal with `version`, `content_sha256` and `languages`.",
      },
    },
  },
  "/api/ai/proposals/{token}/signature": {
    post: {
      summary:
        "The client signs the version they read: `version` or `content_sha256` is required (400 without either); one that is not current answers 409 `changed`, an already signed proposal 409 `conflict`, an expired link 410.",
      body: ZSignProposal,
      success: { status: 201, description: "Signed." },
    },
  },
  "/api/ai/proposals/{token}/signed.pdf": {
    get: {
      summary:
        "The sealed signed PDF, once signed; 404 before; 410 once the signer's personal data was erased.",
      query: ZProposalLangQuery,
      success: { status: 200, description: "application/pdf" },
    },
  },
  "/api/proposals/verify": {
    post: {
      summary:
        "Is this a document we sealed? Multipart `file` (a PDF, at most 10 MB) or JSON `{sha256}`.",
      body: ZVerifyHash,
      success: {
        status: 200,
        description: "`{match: true, title, signer, signed_at}` or `{match: false}`.",
      },
    },
  },
  "/api/crm/auth": {
    post: {
      summary:
        "Sign in with a staff account (sets the session cookie, and the device cookie that keeps this browser past strangers' failed sign-ins). 401 for any wrong e-mail, password or code (one message); 428 `code_required` when the account has two-factor and no code was sent; 429 with Retry-After when throttled.",
      body: ZSignIn,
      success: { status: 200, description: "`{ok: true}`." },
    },
    delete: {
      summary: "Lock: end the session.",
      success: { status: 200, description: "`{ok: true}`." },
    },
  },
  "/api/staff/me": {
    get: {
      summary: "The signed-in account.",
      isStaff: true,
      success: { status: 200, description: "`{id, name, email, role}`." },
    },
  },
  "/api/staff/accounts": {
    get: {
      summary: "Every staff account (owner only; 403 for other roles).",
      isStaff: true,
      success: { status: 200, description: "`{data}`." },
    },
    post: {
      summary:
        "Invite someone (owner only): a single-use 7-day link that sets the password, queued as an e-mail in the outbox when SMTP is configured (`email_sent: true`, `message_id`), else returned as `invite_url`.",
      isStaff: true,
      body: ZInviteAccount,
      success: { status: 201, description: "`{account, invite_url, email_sent, message_id}`." },
    },
  },
  "/api/staff/accounts/{id}": {
    patch: {
      summary:
        "Change an account (owner only): role, active (deactivating ends its sessions at once), unlock, reset_two_factor, reset_password (returns a 30-minute `reset_url`).",
      isStaff: true,
      body: ZUpdateAccount,
      success: { status: 200, description: "`{account, reset_url?}`." },
    },
  },
  "/api/staff/password": {
    post: {
      summary:
        "Set a password with a single-use invite or reset link; 410 when the link is used, expired or revoked (checked before the password is hashed); 429 with Retry-After past 20 uses from one address in 15 minutes.",
      body: ZSetPassword,
      success: { status: 200, description: "`{ok: true}`." },
    },
  },
  "/api/staff/password-reset": {
    post: {
      summary:
        "Forgot password: a 30-minute link by e-mail when SMTP is configured. The same answer, as fast, whether or not the e-mail has an account (a job issues the link); 429 with Retry-After past 5 requests from one address in 15 minutes.",
      body: ZForgotPassword,
      success: { status: 202, description: "`{ok: true, email_configured}`." },
    },
  },
  "/api/staff/two-factor": {
    post: {
      summary: "Start two-factor enrolment: a new TOTP secret as a QR code (SVG) and as text.",
      isStaff: true,
      success: { status: 200, description: "`{secret, otpauth_uri, qr_svg}`." },
    },
    put: {
      summary: "Confirm enrolment with a 6-digit code; returns ten single-use backup codes, once.",
      isStaff: true,
      body: ZConfirmTwoFactor,
      success: { status: 200, description: "`{backup_codes}`." },
    },
  },
  "/api/staff/settings": {
    get: {
      summary:
        'The owner\'s settings (owner only): two-factor for everyone, and what sales accounts may see and take. Defaults: `false`, `"all"`, `false`, `false`.',
      isStaff: true,
      success: {
        status: 200,
        description:
          '`{require_two_factor, sales_lead_visibility: "all" | "own", sales_may_export, sales_may_change_others_proposals}`.',
      },
    },
    put: {
      summary:
        "Change any of the settings (owner only; those left out keep their value; each change is audited). `require_two_factor: true` is 409 until the owner's own two-factor is on.",
      isStaff: true,
      body: ZStaffSettings,
      success: { status: 200, description: "All the settings, as GET answers them." },
    },
  },
  "/api/crm/leads": {
    get: {
      summary:
        "A page of leads, newest first or sorted by value or by days in stage (`sort`); `owner` = `me`, `none` (unassigned) or an account id; `won_period` keeps only the Won leads won within it (the pipeline's Won column). Each lead has `owner` ({id, name} or null), `value` and `days_in_stage`. `funnel_step` with `from`/`to` (and optionally `channel`, `landing_page`, `currency`) keeps only the leads behind that dashboard figure (managers and owners; 403 for sales). Under the owner's `sales_lead_visibility: \"own\"` a sales account lists only its own and unassigned leads.",
      isStaff: true,
      query: ZLeadListQuery,
      success: { status: 200, description: "`{data, next_cursor}`." },
    },
    post: {
      summary: "Create a lead by hand.",
      isStaff: true,
      body: ZCreateLead,
      success: { status: 201, description: "The lead." },
    },
  },
  "/api/crm/leads/export.csv": {
    get: {
      summary:
        "The filtered leads as CSV (managers and owners; sales only when the owner's `sales_may_export` allows it, else 403, audited).",
      isStaff: true,
      query: ZLeadExportQuery,
      success: { status: 200, description: "text/csv" },
    },
  },
  "/api/crm/leads/{id}": {
    get: {
      summary:
        "One lead with its `owner`, every submission (`submissions`, newest first), the latest questionnaire's `answers`, its `value` and `days_in_stage`. 403 (audited) for a colleague's lead under the owner's `\"own\"` visibility; the same holds for every route about one lead.",
      isStaff: true,
      success: { status: 200, description: "The lead." },
    },
    patch: {
      summary:
        "Change the lead (manager or owner; 403 for sales): `owner_id` reassigns it to an active account (null: nobody); `value` sets its value by hand (null clears it; 409 while a shared or signed proposal sets it).",
      isStaff: true,
      body: ZLeadPatch,
      success: { status: 200, description: "The lead, as GET answers it." },
    },
  },
  "/api/crm/leads/{id}/activities": {
    get: {
      summary: "The lead's timeline.",
      isStaff: true,
      success: { status: 200, description: "Activities." },
    },
    post: {
      summary:
        "Add a timeline entry of a human type: `note` (default), `call`, `meeting` or `email`. Any other type (the system's own, such as `stage_change`, `owner_change`, `proposal_signed`, `erased`) is 400 and nothing is written.",
      isStaff: true,
      body: ZAddActivity,
      success: { status: 201, description: "The activity." },
    },
  },
  "/api/crm/leads/{id}/move": {
    post: {
      summary: "Move a lead to another stage (no body).",
      isStaff: true,
      query: ZMoveLeadQuery,
      success: { status: 200, description: "The lead." },
    },
  },
  "/api/crm/leads/{id}/proposal-draft": {
    post: {
      summary: "A draft proposal from the lead's answers (no body).",
      isStaff: true,
      success: { status: 200, description: "The draft." },
    },
  },
  "/api/crm/pipeline": {
    get: {
      summary:
        "Stages with lead counts and value totals per currency (Won: counts and sums the deals won within `won_period`); `owner` as in the lead list.",
      isStaff: true,
      query: ZPipelineQuery,
      success: {
        status: 200,
        description:
          "`{stages, counts, totals: {<stage>: [{currency, initial, monthly, deals, unparsed}]}, won_since}`.",
      },
    },
  },
  "/api/crm/board": {
    get: {
      summary:
        "The pipeline board in one request: the pipeline's stages, counts and totals plus each column's first page of cards and next-page cursor (continue a column with the lead list, `stage` and `cursor`; Won with the same `won_period`).",
      isStaff: true,
      query: ZPipelineQuery,
      success: {
        status: 200,
        description:
          "`{stages, counts, totals, won_since, leads: {<stage>: [lead card]}, cursors: {<stage>: string | null}}`.",
      },
    },
  },
  "/api/crm/settings": {
    get: {
      summary: "The CRM settings: days a card may stay in each stage before it is marked.",
      isStaff: true,
      success: { status: 200, description: "`{stage_age_days}`." },
    },
    patch: {
      summary: "Replace the CRM settings (manager and above).",
      isStaff: true,
      body: ZCrmSettings,
      success: { status: 200, description: "`{stage_age_days}`." },
    },
  },
  "/api/crm/tasks": {
    get: {
      summary:
        "A page of tasks (100), newest first; `assignee` = `me`, `none` or an account id; follow `next_cursor`.",
      isStaff: true,
      query: ZTaskListQuery,
      success: {
        status: 200,
        description: "`{tasks, next_cursor}`; each task has `assignee`, `due_date`, `is_overdue`.",
      },
    },
    post: {
      summary:
        "Create a task; `assignee_id` defaults to the creator (null: unassigned), `due_date` is YYYY-MM-DD.",
      isStaff: true,
      body: ZCreateTask,
      success: { status: 201, description: "The task." },
    },
  },
  "/api/staff/directory": {
    get: {
      summary: "The active staff accounts `[{id, name, role}]`, for owner and assignee pickers.",
      isStaff: true,
      success: { status: 200, description: "Accounts." },
    },
  },
  "/api/crm/tasks/{id}": {
    patch: {
      summary:
        "Change a task's status, assignee (`assignee_id`: an active account, null: nobody) or due date (`due_date`: YYYY-MM-DD, null: none); each real change adds a `task_status`, `task_assignee` or `task_due` entry to the lead's timeline.",
      isStaff: true,
      body: ZUpdateTask,
      success: { status: 200, description: "The task." },
    },
  },
  "/api/crm/proposals": {
    get: {
      summary:
        'Stored proposals, newest first (under the owner\'s `"own"` visibility a sales account sees those without a lead or of its own and unassigned leads).',
      isStaff: true,
      success: { status: 200, description: "`{data}`." },
    },
    post: {
      summary: "Store a proposal draft.",
      isStaff: true,
      body: ZCreateProposal,
      success: { status: 201, description: "`{id, token, url}`." },
    },
  },
  "/api/crm/proposals/{id}": {
    get: {
      summary:
        "One stored proposal, with `may_change`: whether the caller may edit, extend, withdraw it or change its reminder (403, audited, for a proposal of a lead the session may not see).",
      isStaff: true,
      success: { status: 200, description: "`{data}`." },
    },
    patch: {
      summary:
        "Replace its data as a new version (refused once signed). A colleague's shared proposal: managers and owners, sales only when the owner's `sales_may_change_others_proposals` allows it (else 403, audited).",
      isStaff: true,
      body: ZUpdateProposal,
      success: { status: 200, description: "`{data}`." },
    },
  },
  "/api/crm/proposals/{id}/share": {
    post: {
      summary:
        "Open the client link; the first call starts the 30 days, later calls return the same link.",
      isStaff: true,
      success: { status: 200, description: "`{status, url, expires_at}`." },
    },
  },
  "/api/crm/proposals/{id}/extend": {
    post: {
      summary:
        "Move an expired or expiring proposal's date on; 409 once signed. A colleague's shared proposal: managers and owners, sales only when the owner's `sales_may_change_others_proposals` allows it (else 403, audited).",
      isStaff: true,
      body: ZExtendProposal,
      success: { status: 200, description: "`{expires_at}`." },
    },
  },
  "/api/crm/proposals/{id}/reminders": {
    put: {
      summary:
        "Turn the client's one reminder (3 days before the link expires, while unsigned) on or off; 404 for an unknown id. A colleague's shared proposal: managers and owners, sales only when the owner's `sales_may_change_others_proposals` allows it (else 403, audited).",
      isStaff: true,
      body: ZProposalReminders,
      success: { status: 200, description: "`{reminders_enabled}`." },
    },
  },
  "/api/crm/proposals/{id}/withdraw": {
    post: {
      summary:
        "Close the client link for good (it then answers 404); 409 once signed. A colleague's shared proposal: managers and owners, sales only when the owner's `sales_may_change_others_proposals` allows it (else 403, audited).",
      isStaff: true,
      success: { status: 200, description: "The proposal's new status." },
    },
  },
  "/api/crm/proposals/{id}/signed.pdf": {
    get: {
      summary: "The sealed PDF of a signed proposal; 404 before signing.",
      isStaff: true,
      success: { status: 200, description: "application/pdf" },
    },
  },
  "/api/crm/send-email": {
    post: {
      summary: "Queue the e-mail of a proposal's client link (the job queue delivers it).",
      isStaff: true,
      body: ZSendProposalEmail,
      success: {
        status: 202,
        description: '`{ok, status: "queued", message_id, message}`; the outbox shows delivery.',
      },
    },
  },
  "/api/crm/leads/{id}/erase": {
    post: {
      summary:
        "Erase a lead's personal data (lead, submissions, activities, tasks, e-mails; signed proposals name the company) (managers).",
      isStaff: true,
      success: { status: 200, description: "`{erased: true, id}`; 404 for an unknown id." },
    },
  },
  "/api/staff/outbox": {
    get: {
      summary:
        "E-mails with their delivery state, newest first: the whole outbox (managers and owners; 403 for sales), or one lead's or proposal's (`lead_id`, `proposal_id`; any member of staff).",
      isStaff: true,
      query: ZOutboxQuery,
      success: {
        status: 200,
        description:
          "`{messages: [{id, kind, to, subject, status, attempts, next_attempt_at, last_error, created_at, sent_at, proposal_id, lead_id}]}`.",
      },
    },
  },
  "/api/staff/outbox/{id}/retry": {
    post: {
      summary: "Attempt a waiting or failed e-mail now, with a fresh set of attempts (managers).",
      isStaff: true,
      success: { status: 200, description: "The message; 409 once sent or cancelled." },
    },
  },
  "/api/staff/outbox/{id}/cancel": {
    post: {
      summary: "Cancel an e-mail not yet sent (managers).",
      isStaff: true,
      success: { status: 200, description: "The message; 409 once sent." },
    },
  },
  "/api/crm/review": {
    get: {
      summary: "Lead submissions held for review past the global threshold.",
      isStaff: true,
      success: { status: 200, description: "`{data}`." },
    },
  },
  "/api/crm/review/{id}": {
    patch: {
      summary: "Accept (file as a lead) or discard a held submission.",
      isStaff: true,
      body: ZReviewDecision,
      success: { status: 200, description: "The decision." },
    },
  },
  "/api/analytics/export": {
    get: {
      summary: "One dashboard table for a period as CSV (formula-looking cells written as text).",
      isStaff: true,
      query: ZExportQuery,
      success: { status: 200, description: "A CSV file (text/csv)." },
    },
  },
  "/api/analytics": {
    get: {
      summary: "The dashboard's figures for a period.",
      isStaff: true,
      query: ZPeriodQuery,
      success: {
        status: 200,
        description:
          "Dashboard data, with `funnel`, `funnel_by_channel`, `funnel_by_landing_page`, `revenue_by_channel`, `revenue_by_day` and `questionnaire_steps` (docs/api.md).",
      },
    },
  },
};

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

const ERROR_RESPONSE = { $ref: "#/components/responses/Error" };

function queryParameters(schema: z.ZodType) {
  const { properties = {}, required = [] } = jsonSchema(schema) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.includes(name),
    schema: property,
  }));
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

/** The OpenAPI 3.1 document of the whole API, generated from the zod schemas each route parses. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(OPERATIONS)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = [
        ...pathParameters(path),
        ...(operation.query ? queryParameters(operation.query) : []),
      ];
      paths[path][method] = {
        summary: operation.summary,
        ...(operation.isStaff ? { security: [{ staffSession: [] }] } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: {
                  "application/json": {
                    schema: jsonSchema(operation.body),
                    ...(operation.example ? { example: operation.example } : {}),
                  },
                },
              },
            }
          : {}),
        responses: {
          [String(operation.success.status)]: { description: operation.success.description },
          "400": ERROR_RESPONSE,
          ...(operation.isStaff ? { "401": ERROR_RESPONSE, "403": ERROR_RESPONSE } : {}),
          "405": ERROR_RESPONSE,
          "429": ERROR_RESPONSE,
          "503": ERROR_RESPONSE,
        },
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Avanza API",
      version: "1.0.0",
      description:
        "Every error answers `{error: {code, message, fields?}}`; 429 and 503 carry Retry-After. See docs/api.md.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        staffSession: { type: "apiKey", in: "cookie", name: "__Host-avanza_staff" },
      },
      responses: {
        Error: {
          description: "The shared error shape.",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["error"],
                properties: {
                  error: {
                    type: "object",
                    required: ["code", "message"],
                    properties: {
                      code: { type: "string" },
                      message: { type: "string" },
                      fields: {
                        type: "object",
                        additionalProperties: { type: "array", items: { type: "string" } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}

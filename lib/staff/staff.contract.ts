/** Staff sign-in, accounts, passwords, two-factor, and settings (lib/http/contract.ts). */
import { z } from "zod";
import {
  defineContract,
  errorAnswer,
  ZErrorBody,
  ZOk,
  zIdOut,
  zPathId,
  zTimestamp,
} from "@/lib/http/contract";
import {
  SALES_LEAD_VISIBILITIES,
  ZConfirmTwoFactor,
  ZForgotPassword,
  ZInviteAccount,
  ZSetPassword,
  ZSignIn,
  ZStaffSettings,
  ZUpdateAccount,
} from "./staff-auth.schema";
import { STAFF_ROLES } from "./roles";

const zRole = z.enum(STAFF_ROLES);
const crossSite = "Sent from another site (the request must come from our own pages).";
const throttled = (description: string) =>
  errorAnswer(description, { "Retry-After": "Seconds to wait before trying again." });

export const ZStaffAccount = z
  .object({
    id: zIdOut,
    name: z.string(),
    email: z.string(),
    role: zRole,
    active: z.boolean(),
    created_at: zTimestamp,
    last_sign_in_at: zTimestamp.nullable(),
    is_pending: z.boolean(),
    is_locked: z.boolean(),
    has_two_factor: z.boolean(),
  })
  .meta({ id: "StaffAccount" });

export const ZStaffSettingsAnswer = z
  .object({
    require_two_factor: z.boolean(),
    sales_lead_visibility: z.enum(SALES_LEAD_VISIBILITIES),
    sales_may_export: z.boolean(),
    sales_may_change_others_proposals: z.boolean(),
  })
  .meta({ id: "StaffSettings" });

/** The lock screen reads `ok` and `detail`; the shared error shape stays alongside. */
const ZSignInError = ZErrorBody.extend({ ok: z.literal(false), detail: z.string() }).meta({
  id: "SignInError",
});
const signInError = (description: string, headers?: Record<string, string>) => ({
  description,
  schema: ZSignInError,
  headers,
});

export const signIn = defineContract({
  operationId: "signIn",
  method: "POST",
  path: "/api/crm/auth",
  tag: "staff",
  access: "public",
  summary: "Sign in with a staff account (sets the session cookie).",
  description:
    "Sets the session cookie, and the device cookie that keeps this browser past strangers' failed sign-ins. Errors carry `ok: false` and `detail` beside the shared `error`.",
  body: {
    schema: ZSignIn,
    maxBytes: 2048,
    example: { email: "nobody@staff.test", password: "not-the-password", code: "123456" },
  },
  responses: {
    200: { description: "Signed in; the cookies are set.", schema: ZOk },
    400: signInError("The input is not valid."),
    401: signInError("Wrong e-mail, password or code (one message for all)."),
    403: signInError(crossSite),
    413: signInError("The body is larger than this endpoint takes."),
    415: signInError("The body is not JSON."),
    428: signInError("The account has two-factor: send the `code`."),
    429: signInError("Too many attempts.", { "Retry-After": "Seconds to wait." }),
    503: signInError("The database cannot be reached.", { "Retry-After": "Seconds to wait." }),
  },
});

export const lock = defineContract({
  operationId: "lock",
  method: "DELETE",
  path: "/api/crm/auth",
  tag: "staff",
  access: "public",
  // With the database down it still answers 200 and clears the cookie (the contract test checks it).
  isDatabaseFree: true,
  summary: "Lock: end the session (no body).",
  responses: {
    200: { description: "The session is over; the cookie is cleared.", schema: ZOk },
    403: errorAnswer(crossSite),
  },
});

export const me = defineContract({
  operationId: "getMe",
  method: "GET",
  path: "/api/staff/me",
  tag: "staff",
  access: "staff",
  isOpenBeforeEnrolment: true,
  summary: "The signed-in account.",
  responses: {
    200: {
      description: "Who is signed in.",
      schema: z.object({
        id: zIdOut,
        name: z.string(),
        email: z.string(),
        role: zRole,
        must_enrol_two_factor: z.boolean(),
      }),
    },
  },
});

export const ZStaffLanguage = z
  .strictObject({ lang: z.enum(["es", "en"]) })
  .meta({ id: "StaffLanguage" });

export const setStaffLanguage = defineContract({
  operationId: "setStaffLanguage",
  method: "PUT",
  path: "/api/staff/language",
  tag: "staff",
  access: "staff",
  isOpenBeforeEnrolment: true,
  summary: "Set the signed-in account's language: every staff tool and its e-mails use it.",
  description:
    "Also sets the browser's language cookie, so the lock screen after 'Lock' speaks it too.",
  body: { schema: ZStaffLanguage, maxBytes: 256, example: { lang: "en" } },
  responses: {
    200: { description: "The language now set.", schema: ZStaffLanguage },
  },
});

export const listAccounts = defineContract({
  operationId: "listStaffAccounts",
  method: "GET",
  path: "/api/staff/accounts",
  tag: "staff",
  access: "owner",
  summary: "Every staff account.",
  responses: {
    200: { description: "The accounts.", schema: z.object({ data: z.array(ZStaffAccount) }) },
  },
});

export const inviteAccount = defineContract({
  operationId: "inviteStaffAccount",
  method: "POST",
  path: "/api/staff/accounts",
  tag: "staff",
  access: "owner",
  summary: "Invite someone by e-mail: a single-use 7-day link that sets the password.",
  description:
    "Queued as an e-mail in the outbox when SMTP is configured (`email_sent: true`, `message_id`), else returned as `invite_url` for the owner to hand over.",
  body: {
    schema: ZInviteAccount,
    example: { email: "invitee@staff.test", name: "Invitee", role: "sales" },
  },
  responses: {
    201: {
      description: "The invited account.",
      schema: z.object({
        account: ZStaffAccount,
        invite_url: z.string().nullable(),
        email_sent: z.boolean(),
        message_id: zIdOut.nullable(),
      }),
    },
    409: errorAnswer("An account with this e-mail exists."),
  },
});

export const updateAccount = defineContract({
  operationId: "updateStaffAccount",
  method: "PATCH",
  path: "/api/staff/accounts/{id}",
  tag: "staff",
  access: "owner",
  summary: "Change an account: role, active, unlock, reset two-factor or issue a reset link.",
  description:
    "Deactivating ends its sessions at once; `reset_password` returns a 30-minute `reset_url`.",
  params: zPathId,
  body: { schema: ZUpdateAccount, example: { role: "manager" } },
  responses: {
    200: {
      description: "The account as changed.",
      schema: z.object({ account: ZStaffAccount, reset_url: z.string().optional() }),
    },
    409: errorAnswer("The change would leave no active owner."),
  },
});

export const directory = defineContract({
  operationId: "listStaffDirectory",
  method: "GET",
  path: "/api/staff/directory",
  tag: "staff",
  access: "staff",
  summary: "The active staff accounts, for owner and assignee pickers.",
  responses: {
    200: {
      description: "The active accounts.",
      schema: z.array(z.object({ id: zIdOut, name: z.string(), role: zRole })),
    },
  },
});

export const setPassword = defineContract({
  operationId: "setStaffPassword",
  method: "POST",
  path: "/api/staff/password",
  tag: "staff",
  access: "public",
  summary: "Set a password with a single-use invite or reset link (no session needed).",
  body: {
    schema: ZSetPassword,
    maxBytes: 2048,
    example: { token: "x".repeat(43), password: "a-new-password" },
  },
  responses: {
    200: { description: "The password is set.", schema: ZOk },
    403: errorAnswer(crossSite),
    410: errorAnswer(
      "The link is used, expired or revoked (checked before the password is hashed).",
    ),
    429: throttled("Past 20 uses from one address in 15 minutes."),
  },
});

export const forgotPassword = defineContract({
  operationId: "requestStaffPasswordReset",
  method: "POST",
  path: "/api/staff/password-reset",
  tag: "staff",
  access: "public",
  summary: "Forgot password: a 30-minute link by e-mail when SMTP is configured.",
  description:
    "The same answer, as fast, whether or not the e-mail has an account (a job issues the link).",
  body: { schema: ZForgotPassword, maxBytes: 1024, example: { email: "someone@staff.test" } },
  responses: {
    202: {
      description: "Accepted.",
      schema: z.object({ ok: z.literal(true), email_configured: z.boolean() }),
    },
    403: errorAnswer(crossSite),
    429: throttled("Past 5 requests from one address in 15 minutes."),
  },
});

export const startTwoFactor = defineContract({
  operationId: "startTwoFactorEnrolment",
  method: "POST",
  path: "/api/staff/two-factor",
  tag: "staff",
  access: "staff",
  isOpenBeforeEnrolment: true,
  summary: "Start two-factor enrolment: a new TOTP secret as a QR code (SVG) and as text.",
  responses: {
    200: {
      description: "The secret to add to an authenticator app.",
      schema: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }),
    },
    409: errorAnswer("Two-factor is already on."),
  },
});

export const confirmTwoFactor = defineContract({
  operationId: "confirmTwoFactorEnrolment",
  method: "PUT",
  path: "/api/staff/two-factor",
  tag: "staff",
  access: "staff",
  isOpenBeforeEnrolment: true,
  summary: "Confirm enrolment with a 6-digit code; returns ten single-use backup codes, once.",
  body: { schema: ZConfirmTwoFactor, example: { code: "123456" } },
  responses: {
    200: {
      description: "Two-factor is on.",
      schema: z.object({ backup_codes: z.array(z.string()) }),
    },
    409: errorAnswer("No enrolment was started, or two-factor is already on."),
  },
});

export const getStaffSettings = defineContract({
  operationId: "getStaffSettings",
  method: "GET",
  path: "/api/staff/settings",
  tag: "staff",
  access: "owner",
  summary: "Two-factor for everyone, and what sales accounts may see and take.",
  responses: { 200: { description: "The settings.", schema: ZStaffSettingsAnswer } },
});

export const updateStaffSettings = defineContract({
  operationId: "updateStaffSettings",
  method: "PUT",
  path: "/api/staff/settings",
  tag: "staff",
  access: "owner",
  summary: "Change any of the settings (those left out keep their value; each change is audited).",
  body: { schema: ZStaffSettings, example: { sales_may_export: false } },
  responses: {
    200: { description: "All the settings, as GET answers them.", schema: ZStaffSettingsAnswer },
    409: errorAnswer("`require_two_factor: true` while the owner's own two-factor is off."),
  },
});

export const STAFF_CONTRACTS = [
  signIn,
  lock,
  me,
  setStaffLanguage,
  listAccounts,
  inviteAccount,
  updateAccount,
  directory,
  setPassword,
  forgotPassword,
  startTwoFactor,
  confirmTwoFactor,
  getStaffSettings,
  updateStaffSettings,
];

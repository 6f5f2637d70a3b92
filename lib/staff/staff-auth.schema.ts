import { z } from "zod";
import { zText } from "@/lib/http/text";
import { STAFF_ROLES } from "./roles";

export const zStaffEmail = () =>
  zText().trim().max(254, "The e-mail is too long.").pipe(z.email("Enter a valid e-mail address."));

export const zNewPassword = () =>
  z.string().min(10, "Use at least 10 characters.").max(200, "Use at most 200 characters.");

/** POST /api/crm/auth: who you are, your password, and the second step's code when the account has one. */
export const ZSignIn = z.strictObject({
  email: zText().trim().max(254, "The e-mail is too long."),
  password: z.string().max(200, "The password is too long."),
  /** A 6-digit authenticator code or a backup code. */
  code: zText().trim().max(40, "The code is too long.").optional(),
});
export type TSignIn = z.infer<typeof ZSignIn>;

/** POST /api/staff/accounts: invite someone. */
export const ZInviteAccount = z.strictObject({
  email: zStaffEmail(),
  name: zText().trim().min(1, "Enter a name.").max(80, "Use at most 80 characters."),
  role: z.enum(STAFF_ROLES, "Choose owner, manager or sales."),
});
export type TInviteAccount = z.infer<typeof ZInviteAccount>;

/** PATCH /api/staff/accounts/{id}: an owner's change; at least one field. */
export const ZUpdateAccount = z
  .strictObject({
    role: z.enum(STAFF_ROLES, "Choose owner, manager or sales.").optional(),
    active: z.boolean().optional(),
    /** Lift a lock left by failed sign-ins. */
    unlock: z.literal(true).optional(),
    /** Remove the account's two-factor (it enrols again). */
    reset_two_factor: z.literal(true).optional(),
    /** Issue a 30-minute password link for the owner to hand over (when no e-mail can be sent). */
    reset_password: z.literal(true).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "Say what to change.");
export type TUpdateAccount = z.infer<typeof ZUpdateAccount>;

/** POST /api/staff/password: set a password with a single-use invite or reset link. */
export const ZSetPassword = z.strictObject({
  token: zText().trim().min(20, "This link is not valid.").max(100, "This link is not valid."),
  password: zNewPassword(),
});
export type TSetPassword = z.infer<typeof ZSetPassword>;

/** POST /api/staff/password-reset: ask for a reset link by e-mail. */
export const ZForgotPassword = z.strictObject({ email: zStaffEmail() });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** PUT /api/staff/two-factor: confirm enrolment with a code from the authenticator. */
export const ZConfirmTwoFactor = z.strictObject({
  code: zText()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code."),
});
export type TConfirmTwoFactor = z.infer<typeof ZConfirmTwoFactor>;

/** Which leads a sales account sees: everyone's, or its own and unassigned ones. */
export const SALES_LEAD_VISIBILITIES = ["all", "own"] as const;
export type SalesLeadVisibility = (typeof SALES_LEAD_VISIBILITIES)[number];

/** GET /api/staff/settings: the owner's sign-in and sales access settings. */
export interface StaffSettingsDto {
  require_two_factor: boolean;
  sales_lead_visibility: SalesLeadVisibility;
  sales_may_export: boolean;
  sales_may_change_others_proposals: boolean;
}

/** PUT /api/staff/settings: any of the settings; those left out keep their value. */
export const ZStaffSettings = z
  .strictObject({
    require_two_factor: z.boolean("Use true or false.").optional(),
    sales_lead_visibility: z.enum(SALES_LEAD_VISIBILITIES, "Use all or own.").optional(),
    sales_may_export: z.boolean("Use true or false.").optional(),
    sales_may_change_others_proposals: z.boolean("Use true or false.").optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "Say what to change.");
export type TStaffSettings = z.infer<typeof ZStaffSettings>;

export interface StaffAccountDto {
  id: string;
  name: string;
  email: string;
  role: (typeof STAFF_ROLES)[number];
  active: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  /** Waiting for the invited person to set a password. */
  is_pending: boolean;
  is_locked: boolean;
  has_two_factor: boolean;
}

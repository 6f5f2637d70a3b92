import { callEndpoint } from "@/lib/http/contract-client";
import {
  confirmTwoFactor,
  forgotPassword,
  inviteAccount,
  lock,
  setPassword,
  setStaffLanguage,
  signIn,
  startTwoFactor,
  updateAccount,
  updateStaffSettings,
} from "@/lib/api-docs/endpoints";
import type {
  TInviteAccount,
  TSetPassword,
  TSignIn,
  TStaffSettings,
  TUpdateAccount,
} from "@/lib/staff/staff-auth.schema";

/**
 * The staff tools' door to sign-in, accounts and two-factor (/api/crm/auth, /api/staff/*), typed and
 * checked by the endpoints' contracts.
 */
export const staffApi = {
  signIn: (body: TSignIn) => callEndpoint(signIn, { body }),
  lock: () => callEndpoint(lock, {}),
  setLanguage: (lang: "es" | "en") => callEndpoint(setStaffLanguage, { body: { lang } }),
  setPassword: (body: TSetPassword) => callEndpoint(setPassword, { body }),
  forgotPassword: (email: string) => callEndpoint(forgotPassword, { body: { email } }),
  invite: (body: TInviteAccount) => callEndpoint(inviteAccount, { body }),
  updateAccount: (id: string, body: TUpdateAccount) =>
    callEndpoint(updateAccount, { params: { id }, body }),
  setRequireTwoFactor: (value: boolean) =>
    callEndpoint(updateStaffSettings, { body: { require_two_factor: value } }),
  updateSettings: (body: TStaffSettings) => callEndpoint(updateStaffSettings, { body }),
  startTwoFactor: () => callEndpoint(startTwoFactor, {}),
  confirmTwoFactor: (code: string) => callEndpoint(confirmTwoFactor, { body: { code } }),
};

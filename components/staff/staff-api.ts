import { callApi } from "@/lib/http/api-client";
import type {
  StaffAccountDto,
  TInviteAccount,
  TSetPassword,
  StaffSettingsDto,
  TSignIn,
  TStaffSettings,
  TUpdateAccount,
} from "@/lib/staff/staff-auth.schema";

/** The staff tools' door to sign-in, accounts and two-factor (/api/crm/auth, /api/staff/*). */
export const staffApi = {
  signIn: (body: TSignIn) => callApi<{ ok: true }>("/api/crm/auth", { method: "POST", json: body }),
  lock: () => callApi<{ ok: true }>("/api/crm/auth", { method: "DELETE" }),
  setPassword: (body: TSetPassword) =>
    callApi<{ ok: true }>("/api/staff/password", { method: "POST", json: body }),
  forgotPassword: (email: string) =>
    callApi<{ ok: true; email_configured: boolean }>("/api/staff/password-reset", {
      method: "POST",
      json: { email },
    }),
  invite: (body: TInviteAccount) =>
    callApi<{ account: StaffAccountDto; invite_url: string | null; email_sent: boolean }>(
      "/api/staff/accounts",
      { method: "POST", json: body },
    ),
  updateAccount: (id: string, body: TUpdateAccount) =>
    callApi<{ account: StaffAccountDto; reset_url?: string }>(`/api/staff/accounts/${id}`, {
      method: "PATCH",
      json: body,
    }),
  setRequireTwoFactor: (value: boolean) =>
    callApi<{ require_two_factor: boolean }>("/api/staff/settings", {
      method: "PUT",
      json: { require_two_factor: value },
    }),
  updateSettings: (body: TStaffSettings) =>
    callApi<StaffSettingsDto>("/api/staff/settings", { method: "PUT", json: body }),
  startTwoFactor: () =>
    callApi<{ secret: string; otpauth_uri: string; qr_svg: string }>("/api/staff/two-factor", {
      method: "POST",
    }),
  confirmTwoFactor: (code: string) =>
    callApi<{ backup_codes: string[] }>("/api/staff/two-factor", {
      method: "PUT",
      json: { code },
    }),
};

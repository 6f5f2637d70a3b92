import "server-only";
import { appError, type ServerMessageKey } from "@/lib/http/server-message";
import { findTwoFactorState } from "./account.repo";
import { roleAtLeast } from "./roles";
import type { StaffSession } from "./session.service";
import type { StaffSettingsDto, TStaffSettings } from "./staff-auth.schema";
import { findStaffSettings, insertAccessDenied, saveStaffSettings } from "./staff-settings.repo";

/** Before the owner decides: sales see every lead; export and a colleague's proposals are for managers and owners. */
export const DEFAULT_STAFF_SETTINGS: StaffSettingsDto = {
  require_two_factor: false,
  sales_lead_visibility: "all",
  sales_may_export: false,
  sales_may_change_others_proposals: false,
};

export async function getStaffSettings(): Promise<StaffSettingsDto> {
  const row = await findStaffSettings();
  if (!row) return DEFAULT_STAFF_SETTINGS;
  return {
    require_two_factor: row.requireTwoFactor,
    // The column's check constraint allows only these two; anything else reads as the open default.
    sales_lead_visibility: row.salesLeadVisibility === "own" ? "own" : "all",
    sales_may_export: row.salesMayExport,
    sales_may_change_others_proposals: row.salesMayChangeOthersProposals,
  };
}

/**
 * The owner's change: the settings given, each recorded in the audit log. The owner may require two-factor
 * of everyone only once their own is on (else they would lock themselves out).
 */
export async function updateStaffSettings(
  input: TStaffSettings,
  actor: { id: string },
): Promise<StaffSettingsDto> {
  if (input.require_two_factor && !(await findTwoFactorState(actor.id))?.twoFactorEnabled)
    throw appError("conflict", "setUpOwnTwoFactor");
  const { require_two_factor: requireTwoFactor, ...access } = input;
  const audit = [];
  if (requireTwoFactor !== undefined)
    audit.push({
      actorId: actor.id,
      type: "require_two_factor",
      detail: { value: requireTwoFactor },
    });
  if (Object.keys(access).length > 0)
    audit.push({ actorId: actor.id, type: "sales_access", detail: access });
  await saveStaffSettings(
    {
      requireTwoFactor,
      salesLeadVisibility: access.sales_lead_visibility,
      salesMayExport: access.sales_may_export,
      salesMayChangeOthersProposals: access.sales_may_change_others_proposals,
    },
    audit,
  );
  return getStaffSettings();
}

/** Whether the setting binds this session: it speaks of sales accounts only. */
const isSales = (session: StaffSession) => !roleAtLeast(session.account.role, "manager");

/** The account id whose leads (plus unassigned ones) the session may see; null when it may see every lead. */
export async function leadVisibilityOf(session: StaffSession): Promise<string | null> {
  if (!isSales(session)) return null;
  const settings = await getStaffSettings();
  return settings.sales_lead_visibility === "own" ? session.account.id : null;
}

/** Writes the refused attempt to the audit log, then answers 403. */
export async function refuseAndAudit(
  session: StaffSession,
  detail: { action: string } & Record<string, string | null>,
  message: ServerMessageKey = "settingsForbid",
): Promise<never> {
  await insertAccessDenied(session.account.id, detail);
  // Keyed, so the caller reads it in their language (lib/http/server-message.ts).
  throw appError("forbidden", message);
}

/** CSV export: managers and owners; sales only when the owner allows it. */
export async function mayExportLeads(session: StaffSession): Promise<boolean> {
  return !isSales(session) || (await getStaffSettings()).sales_may_export;
}

export async function assertMayExportLeads(session: StaffSession): Promise<void> {
  if (!(await mayExportLeads(session))) await refuseAndAudit(session, { action: "export_leads" });
}

/**
 * Changing a colleague's shared proposal (edit, extend, withdraw, reminders): managers and owners; sales only
 * when the owner allows it. `authorId` is who created it (null: nobody we know, so never the caller).
 */
export async function assertMayChangeSharedProposal(
  session: StaffSession,
  proposal: { id: string; authorId: string | null; isShared: boolean },
  action: string,
): Promise<void> {
  if (await mayChangeSharedProposal(session, proposal)) return;
  await refuseAndAudit(session, { action, proposal_id: proposal.id });
}

/** The same rule as a question, for screens that hide what the server would refuse. */
export async function mayChangeSharedProposal(
  session: StaffSession,
  proposal: { authorId: string | null; isShared: boolean },
): Promise<boolean> {
  if (!proposal.isShared || proposal.authorId === session.account.id || !isSales(session))
    return true;
  return (await getStaffSettings()).sales_may_change_others_proposals;
}

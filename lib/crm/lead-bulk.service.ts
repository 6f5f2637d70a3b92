import "server-only";
import { appError } from "@/lib/http/server-message";
import { notifyLeadsAssigned } from "@/lib/notifications/notification.service";
import { findActiveAccount } from "@/lib/staff/account-directory.service";
import type { StaffSession } from "@/lib/staff/session.service";
import { staffActor } from "./crm.schema";
import { updateLeadOwner } from "./lead-owner.repo";
import { selectLeadsByIds, updateLeadStage } from "./lead.repo";
import { lostReasonFacts } from "./lead.service";
import type { TBulkLeadChange } from "./lead-workspace.schema";

/**
 * Many leads at once (the route lets only managers and owners call this): each lead changes as a
 * single change would, with its own timeline entry, so its history reads the same either way. The
 * new owner hears of the leads that became theirs in one e-mail and a notification per lead.
 */
export async function bulkUpdateLeads(
  input: TBulkLeadChange,
  session: StaffSession,
): Promise<{ updated: number }> {
  const owner = input.owner_id ? await findActiveAccount(input.owner_id) : null;
  if (input.owner_id && !owner)
    throw appError("validation", "noActiveAccount", {
      fields: { owner_id: ["There is no active account with this id."] },
    });
  // Lost says why, for the whole selection, as a single move does (400 before anything changes).
  const why =
    input.stage === "Lost"
      ? await lostReasonFacts(
          input.reason ? { reason: input.reason, detail: input.detail } : undefined,
        )
      : undefined;
  const leads = await selectLeadsByIds([...new Set(input.ids)]);
  const actor = staffActor(session.account);
  const assigned: { id: string; label: string }[] = [];
  for (const lead of leads) {
    if (input.stage) await updateLeadStage(lead.id, input.stage, actor, why);
    if (input.owner_id !== undefined) {
      const result = await updateLeadOwner(lead.id, owner?.id ?? null, {
        toName: owner?.name ?? null,
        actor: session.actorName,
        actorId: session.account.id,
      });
      if (result?.changed) assigned.push({ id: lead.id, label: labelOf(lead) });
    }
  }
  if (owner) await notifyLeadsAssigned(owner.id, assigned, session);
  return { updated: leads.length };
}

/** How a lead is named in a notification: its name, else its e-mail, else its company. */
export const labelOf = (lead: {
  name: string | null;
  email: string | null;
  company: string | null;
}) => lead.name || lead.email || lead.company || "—";

import "server-only";
import { appError } from "@/lib/http/server-message";
import { notifyLeadsAssigned } from "@/lib/notifications/notification.service";
import { findActiveAccount } from "@/lib/staff/account-directory.service";
import type { StaffSession } from "@/lib/staff/session.service";
import type { LeadDetailDto, TReassignLead } from "./crm.schema";
import { getLead, isLeadId } from "./lead.service";
import { updateLeadOwner } from "./lead-owner.repo";

/**
 * Gives a lead to another active account (or to nobody) and notes the change in its timeline with who did it.
 * The route lets only managers and owners call this.
 */
export async function reassignLead(
  leadId: string,
  { owner_id: ownerId }: TReassignLead,
  session: StaffSession,
): Promise<LeadDetailDto> {
  if (!isLeadId(leadId)) throw appError("not_found", "noLead");
  const owner = ownerId ? await findActiveAccount(ownerId) : null;
  if (ownerId && !owner) {
    throw appError("validation", "noActiveAccount", {
      fields: { owner_id: ["There is no active account with this id."] },
    });
  }
  const result = await updateLeadOwner(leadId, owner?.id ?? null, {
    toName: owner?.name ?? null,
    actor: session.actorName,
    actorId: session.account.id,
  });
  if (!result) throw appError("not_found", "noLead");
  const lead = await getLead(leadId);
  // The new owner hears of it in the app and by e-mail (not when taking a lead oneself).
  if (owner && result.changed)
    await notifyLeadsAssigned(
      owner.id,
      [{ id: leadId, label: lead.name || lead.email || lead.company || "—" }],
      session,
    );
  return lead;
}

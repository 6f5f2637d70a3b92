import "server-only";
import { assertMaySeeLead, isLeadId } from "@/lib/crm/lead.service";
import type { StaffSession } from "@/lib/staff/session.service";
import {
  assertMayChangeSharedProposal,
  leadVisibilityOf,
  mayChangeSharedProposal,
  refuseAndAudit,
} from "@/lib/staff/staff-settings.service";
import { selectAccessFacts } from "./proposal.repo";

/*
 * The owner's settings applied to stored proposals (docs/product.md#staff-accounts): under "own" visibility a
 * sales account opens only proposals without a lead or of its own and unassigned leads; a colleague's shared
 * proposal changes only by managers and owners unless the owner allows sales. A missing proposal passes, for
 * the service to answer 404; every refusal is a 403 written to the audit log.
 */

export async function assertMaySeeProposal(
  session: StaffSession,
  id: string,
  action: string,
): Promise<void> {
  const visibleTo = await leadVisibilityOf(session);
  if (!visibleTo || !isLeadId(id)) return;
  await refuseColleaguesProposal(session, id, visibleTo, await selectAccessFacts(id), action);
}

/** Editing, extending, withdrawing, or turning the reminder of a proposal on or off. */
export async function assertMayChangeProposal(
  session: StaffSession,
  id: string,
  action: string,
): Promise<void> {
  if (!isLeadId(id)) return;
  // One read of the proposal's facts serves both rules.
  const [visibleTo, facts] = await Promise.all([leadVisibilityOf(session), selectAccessFacts(id)]);
  if (!facts) return;
  if (visibleTo) await refuseColleaguesProposal(session, id, visibleTo, facts, action);
  await assertMayChangeSharedProposal(
    session,
    { id, authorId: facts.authorId, isShared: facts.status !== "draft" },
    action,
  );
}

/** Under "own" visibility, a proposal of a colleague's lead is refused (403, audited). */
async function refuseColleaguesProposal(
  session: StaffSession,
  id: string,
  visibleTo: string,
  facts: Awaited<ReturnType<typeof selectAccessFacts>>,
  action: string,
): Promise<void> {
  if (!facts || facts.leadOwnerId === null || facts.leadOwnerId === visibleTo) return;
  await refuseAndAudit(session, { action, proposal_id: id }, "proposalOfColleague");
}

/** Whether the session may change the proposal, asked before showing the buttons (nothing is audited). */
export async function mayChangeProposal(session: StaffSession, id: string): Promise<boolean> {
  const facts = isLeadId(id) ? await selectAccessFacts(id) : null;
  if (!facts) return true;
  return mayChangeSharedProposal(session, {
    authorId: facts.authorId,
    isShared: facts.status !== "draft",
  });
}

/** A new proposal for a lead (by lead_id or the client's contact id) only when the session may see that lead. */
export async function assertMayProposeFor(
  session: StaffSession,
  input: { lead_id?: string; data: { client: { contactId: string } } },
): Promise<void> {
  for (const leadId of [input.lead_id, input.data.client.contactId.trim()])
    if (leadId && isLeadId(leadId)) await assertMaySeeLead(session, leadId, "create_proposal");
}

/** Sending a proposal's link: the proposal, and the lead named as the recipient, must be the session's to see. */
export async function assertMaySendProposal(
  session: StaffSession,
  input: { proposal_id: string; contact_id?: string },
): Promise<void> {
  await assertMaySeeProposal(session, input.proposal_id, "send_proposal");
  const contactId = input.contact_id?.trim();
  if (contactId && isLeadId(contactId)) await assertMaySeeLead(session, contactId, "send_proposal");
}

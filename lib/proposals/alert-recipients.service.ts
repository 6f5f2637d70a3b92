import "server-only";

// Lives with proposals, below alerts: the proposal's signed alert and lib/alerts' own alerts share one rule.
import { getLead } from "@/lib/crm/lead.service";
import { serverEnv } from "@/lib/env";
import { getProposalAuthorId } from "./proposal.service";
import { site } from "@/lib/site";
import { findActiveMailboxes } from "@/lib/staff/account-directory.service";

export interface AlertRecipient {
  email: string;
  lang: "es" | "en";
}

/** The team's address, for an alert nobody in particular owns (written in Spanish, the business's first language). */
export const teamRecipient = (): AlertRecipient => ({
  email: serverEnv().SALES_NOTIFY_EMAIL ?? site.contactEmail,
  lang: "es",
});

async function leadOwnerId(leadId: string | null | undefined): Promise<string | null> {
  if (!leadId) return null;
  try {
    return (await getLead(leadId)).owner?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Who is told when a lead arrives (its owner) or a proposal is opened or signed (its author and its
 * lead's owner, once each), in the language each last used the staff tools in. Deactivated
 * accounts get nothing; when nobody is left, the team's SALES_NOTIFY_EMAIL (else the brand's
 * contact address) is, so no alert falls through.
 */
export async function alertRecipients(about: {
  leadId?: string | null;
  proposalId?: string;
}): Promise<AlertRecipient[]> {
  const [ownerId, authorId] = await Promise.all([
    leadOwnerId(about.leadId),
    about.proposalId ? getProposalAuthorId(about.proposalId) : null,
  ]);
  const people = await findActiveMailboxes([authorId, ownerId]);
  const unique = [...new Map(people.map((p) => [p.email, p])).values()];
  return unique.length ? unique.map(({ email, lang }) => ({ email, lang })) : [teamRecipient()];
}

/** The accounts told of a proposal's events in the app: its author and its lead's owner. */
export async function proposalPeopleIds(about: {
  leadId: string | null;
  proposalId: string;
}): Promise<(string | null)[]> {
  return Promise.all([leadOwnerId(about.leadId), getProposalAuthorId(about.proposalId)]);
}

import "server-only";
import { getLead } from "@/lib/crm/lead.service";
import { AppError } from "@/lib/http/app-error";
import type { JobHandler } from "@/lib/queue/worker";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import { clientNameIn, getProposal, proposalNameIn } from "@/lib/proposals/proposal.service";
import { hasTitle } from "@/lib/proposals/proposal.schema";
import { buildLeadAlert, buildProposalOpenedAlert } from "./alert-mail";
import { alertRecipients, proposalPeopleIds } from "@/lib/proposals/alert-recipients.service";
import { leadPageOf, notifyAccounts } from "@/lib/notifications/notification.service";

// The team's alerts. Each job builds its e-mails when it runs, from what is stored then: a lead
// erased while its alert waited yields no alert rather than one with blanks.

const isMissing = (error: unknown) => error instanceof AppError && error.code === "not_found";

function field<T>(payload: unknown, name: string): T {
  const value = (payload as Record<string, unknown> | null)?.[name];
  if (value === undefined) throw new Error(`job payload without ${name}`);
  return value as T;
}

export const leadAlertHandler: JobHandler = {
  async run(payload) {
    const leadId = field<string>(payload, "leadId");
    const submissionId = field<string>(payload, "submissionId");
    let lead;
    try {
      lead = await getLead(leadId);
    } catch (error) {
      if (isMissing(error)) return { skipped: "lead gone" };
      throw error;
    }
    if (!lead.name && !lead.email) return { skipped: "lead erased" };
    if (field<boolean>(payload, "isNewLead") && lead.owner)
      await notifyAccounts([lead.owner.id], {
        kind: "new_lead",
        values: { lead: lead.name || lead.email || "—", company: lead.company ?? "" },
        link: leadPageOf(leadId),
        dedupeKey: `new_lead:${leadId}`,
      });
    for (const recipient of await alertRecipients({ leadId })) {
      await enqueueMail({
        ...buildLeadAlert({
          to: recipient.email,
          lang: recipient.lang,
          leadId,
          isNewLead: field<boolean>(payload, "isNewLead"),
          lead,
          answers: lead.answers,
        }),
        kind: "lead_alert",
        leadId,
        dedupeKey: `alert:lead:${submissionId}:${recipient.email}`,
      });
    }
    return { alerted: true };
  },
};

/** "The client opened the proposal for the first time" (the signed alert is the signed copy to the team, proposal-mail.service.ts). */
export const proposalOpenedAlertHandler: JobHandler = {
  async run(payload) {
    const proposalId = field<string>(payload, "proposalId");
    let proposal;
    try {
      proposal = await getProposal(proposalId);
    } catch (error) {
      if (isMissing(error)) return { skipped: "proposal gone" };
      throw error;
    }
    // The proposal's own fields, so an unnamed client is named in each reader's language.
    const named = {
      title: proposal.title,
      client: { name: proposal.client_named ? proposal.client_name : "" },
    };
    await notifyAccounts(await proposalPeopleIds({ leadId: proposal.lead_id, proposalId }), {
      kind: "proposal_opened",
      values: {
        client: (lang) => clientNameIn(named, lang),
        title: (lang) => proposalNameIn(named, lang),
        titled: hasTitle(named) ? "yes" : "no",
      },
      link: proposal.lead_id ? leadPageOf(proposal.lead_id) : `/proposal/db/${proposalId}`,
      dedupeKey: `proposal_opened:${proposalId}`,
    });
    for (const recipient of await alertRecipients({ leadId: proposal.lead_id, proposalId })) {
      await enqueueMail({
        ...buildProposalOpenedAlert({
          to: recipient.email,
          lang: recipient.lang,
          proposalId,
          client: clientNameIn(named, recipient.lang),
          title: hasTitle(named) ? proposalNameIn(named, recipient.lang) : undefined,
        }),
        kind: "proposal_opened",
        proposalId,
        leadId: proposal.lead_id,
        dedupeKey: `alert:opened:${proposalId}:${recipient.email}`,
      });
    }
    return { alerted: true };
  },
};

import "server-only";
import { appError } from "@/lib/http/server-message";
import { addActivity, getLead, isLeadId } from "@/lib/crm/lead.service";
import { AppError } from "@/lib/http/app-error";
import { alertRecipients } from "./alert-recipients.service";
import { inTransaction } from "@/lib/db";
import { enqueueMail, type QueuedMail } from "@/lib/outbox/outbox.service";
import type { JobHandler } from "@/lib/queue/worker";
import {
  buildProposalEmail,
  buildReminderEmail,
  buildSignedClientEmail,
  buildSignedStaffEmail,
  signedAttachmentName,
} from "./proposal-mail";
import { DAY_MS } from "./proposal-dto";
import { insertEvent, markShared, type AuditContext } from "./proposal.repo";
import { assertNotErased, getProposal } from "./proposal.service";
import { scheduleExpiry } from "./proposal-timers.service";
import {
  PROPOSAL_VALID_DAYS,
  type ProposalData,
  type EmailPreviewDto,
  type SendEmailResultDto,
  type TSendProposalEmail,
} from "./proposal.schema";

// Proposal e-mails: sending the link to the client, and the confirmations after signing.

async function clientEmailOf(data: ProposalData, leadId: string | null): Promise<string | null> {
  if (data.client.contactEmail) return data.client.contactEmail;
  const contactId = leadId ?? data.client.contactId;
  if (!isLeadId(contactId)) return null;
  try {
    return (await getLead(contactId)).email;
  } catch {
    return null;
  }
}

/**
 * The confirmations of a signature: to the client (when we know their address) and to staff. Built
 * before the signing transaction (their recipients are read here) and queued inside it, so the
 * e-mails exist exactly when the signature does.
 */
export async function buildSignedMails(input: {
  proposalId: string;
  leadId: string | null;
  data: ProposalData;
  token: string;
  signer: { fullName: string; role: string; company: string };
  signedAt: Date;
  contentSha256: string;
  sealedPdf: Buffer;
}): Promise<QueuedMail[]> {
  const { proposalId, leadId, sealedPdf, ...mailInput } = input;
  const attachments = [
    {
      filename: signedAttachmentName(input.data),
      content: sealedPdf,
      contentType: "application/pdf",
    },
  ];
  const clientEmail = await clientEmailOf(input.data, leadId);
  const mails: QueuedMail[] = [];
  if (clientEmail)
    mails.push({
      ...buildSignedClientEmail({ ...mailInput, to: clientEmail }),
      attachments,
      kind: "signed_client",
      proposalId,
      leadId,
    });
  // The team's "signed" alert: to whoever is told of this proposal's events (alert-recipients.ts).
  for (const recipient of await alertRecipients({ leadId, proposalId }))
    mails.push({
      ...buildSignedStaffEmail({ ...mailInput, to: recipient.email, lang: recipient.lang }),
      attachments,
      kind: "signed_staff",
      proposalId,
      leadId,
    });
  return mails;
}

/** Where a send request goes: the e-mail given, else the contact's (a CRM lead's) e-mail. */
async function recipientOf(input: TSendProposalEmail): Promise<string> {
  if (input.to_email) return input.to_email;
  const noContact = appError("validation", "clientWithoutEmail", {
    fields: { contact_id: ["The client has no contact e-mail."] },
  });
  if (!input.contact_id || !isLeadId(input.contact_id)) throw noContact;
  try {
    const email = (await getLead(input.contact_id)).email;
    if (!email) throw noContact;
    return email;
  } catch {
    throw noContact;
  }
}

/** The staff member sending a proposal: its signature and the Reply-To of the e-mail. */
export interface ProposalMailAuthor {
  name: string | null;
  email: string | null;
}

/** The person the e-mail greets: the linked lead's name, else none (the company is greeted). */
async function contactNameOf(leadId: string | null, input: TSendProposalEmail) {
  const id = leadId ?? input.contact_id;
  if (!id || !isLeadId(id)) return null;
  try {
    return (await getLead(id)).name;
  } catch {
    return null;
  }
}

/** A sendable proposal's e-mail as it would go out now (the send and the preview both build it here). */
async function composeProposalEmail(input: TSendProposalEmail, author: ProposalMailAuthor | null) {
  const proposal = await getProposal(input.proposal_id);
  assertNotErased(proposal);
  if (proposal.status === "signed") throw appError("conflict", "proposalAlreadySigned");
  if (proposal.status === "withdrawn") throw appError("conflict", "proposalWithdrawn");
  if (proposal.status === "expired") throw appError("conflict", "proposalExpired");
  const to = await recipientOf(input);
  const now = new Date();
  const expiresAt = proposal.expires_at
    ? new Date(proposal.expires_at)
    : new Date(now.getTime() + PROPOSAL_VALID_DAYS * DAY_MS);
  const mail = buildProposalEmail({
    data: proposal.data,
    token: proposal.token,
    to,
    subject: input.subject,
    message: input.message,
    validUntil: expiresAt,
    contactName: await contactNameOf(proposal.lead_id, input),
    author,
  });
  return { proposal, mail, to, now, expiresAt };
}

/** The e-mail as it would be sent, for the sender to read first; nothing is queued or recorded. */
export async function previewProposalEmail(
  input: TSendProposalEmail,
  author: ProposalMailAuthor | null,
): Promise<EmailPreviewDto> {
  const { mail } = await composeProposalEmail(input, author);
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/**
 * Queues a stored proposal's e-mail to its client (the job queue delivers it and retries). The HTML
 * is built here from the proposal, never taken from the browser. Queuing shares the proposal
 * (starting its 30 days when it was a draft) and notes it on the lead, as copying the link does, so
 * the 30 days never depend on a mail server; the outbox shows whether the message arrived.
 */
export async function sendProposalEmail(
  input: TSendProposalEmail,
  audit: AuditContext,
  author: ProposalMailAuthor | null = null,
): Promise<SendEmailResultDto> {
  const { proposal, mail, to, now, expiresAt } = await composeProposalEmail(input, author);
  // The e-mail, the sharing, the expiry and reminder jobs and the audit event commit together.
  const messageId = await inTransaction(async (tx) => {
    const messageId = await enqueueMail(
      { ...mail, kind: "proposal", proposalId: proposal.id, leadId: proposal.lead_id },
      tx,
    );
    if (await markShared(proposal.id, now, PROPOSAL_VALID_DAYS * DAY_MS, audit, tx))
      await scheduleExpiry(proposal.id, expiresAt, now, tx);
    await insertEvent(proposal.id, "email_sent", audit, tx);
    return messageId;
  });
  if (proposal.lead_id)
    await addActivity(
      proposal.lead_id,
      { type: "proposal_sent", content: `${proposal.title || proposal.client_name} → ${to}` },
      { name: audit.actor ?? null, accountId: audit.actorId ?? null },
      { title: proposal.title || proposal.client_name, to },
    );
  return {
    ok: true,
    status: "queued",
    message_id: messageId,
    message: "The e-mail is queued; the outbox shows when it is delivered.",
  };
}

/**
 * The client's one reminder before the link expires (scheduled by scheduleExpiry). Decided when it
 * runs: nothing is sent when the proposal was signed, expired, withdrawn or extended (a newer job
 * covers the new date) or staff turned reminders off. The message is keyed on the proposal, so
 * however many jobs run for it the client gets one reminder.
 */
export const proposalReminderHandler: JobHandler = {
  async run(payload) {
    const { proposalId, expiresAt } = (payload ?? {}) as {
      proposalId?: unknown;
      expiresAt?: unknown;
    };
    if (typeof proposalId !== "string" || typeof expiresAt !== "string")
      throw new Error("reminder job without a proposal id and date");
    let proposal;
    try {
      proposal = await getProposal(proposalId);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return { skipped: "gone" };
      throw error;
    }
    if (proposal.status !== "shared" && proposal.status !== "viewed")
      return { skipped: proposal.status };
    if (!proposal.reminders_enabled) return { skipped: "reminders off" };
    if (!proposal.expires_at || new Date(proposal.expires_at).getTime() !== Date.parse(expiresAt))
      return { skipped: "date moved" };
    const to = await clientEmailOf(proposal.data, proposal.lead_id);
    if (!to) return { skipped: "no client e-mail" };
    const messageId = await enqueueMail({
      ...buildReminderEmail({
        data: proposal.data,
        token: proposal.token,
        to,
        expiresAt: new Date(proposal.expires_at),
      }),
      kind: "reminder",
      proposalId,
      leadId: proposal.lead_id,
      dedupeKey: `reminder:${proposalId}`,
    });
    return { message_id: messageId };
  },
};

import "server-only";
import { appError } from "@/lib/http/server-message";
import { assertMaySeeLead } from "@/lib/crm/lead.service";
import {
  findMail,
  listMails,
  mailJobKey,
  setMailStatus,
  type MailRow,
} from "@/lib/outbox/outbox.service";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import { cancelQueuedJob, runJobNow } from "@/lib/queue/queue";
import type { StaffSession } from "@/lib/staff/session.service";
import { assertManager } from "@/lib/staff/staff-access.service";
import type { OutboxListDto, OutboxMessageDto, TOutboxQuery } from "./outbox.schema";

export { isMailConfigured } from "@/lib/outbox/outbox.service";

// The staff outbox: who may see, retry or cancel which e-mails. Storing and delivering them is
// lib/outbox's job, below every feature that sends mail.

function toDto(row: MailRow): OutboxMessageDto {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    proposal_id: row.proposalId,
    lead_id: row.leadId,
  };
}

export async function listOutbox(
  query: TOutboxQuery,
  session: StaffSession,
): Promise<OutboxListDto> {
  // Any member of staff sees the e-mails of a lead or proposal they can open; the whole outbox is for managers.
  if (!query.lead_id && !query.proposal_id) assertManager(session);
  if (query.lead_id) await assertMaySeeLead(session, query.lead_id, "read_outbox");
  if (query.proposal_id) await assertMaySeeProposal(session, query.proposal_id, "read_outbox");
  const rows = await listMails({
    ...(query.status && { status: query.status }),
    ...(query.lead_id && { leadId: query.lead_id }),
    ...(query.proposal_id && { proposalId: query.proposal_id }),
  });
  return { messages: rows.map(toDto) };
}

async function requireMail(id: string) {
  const mail = await findMail(id);
  if (!mail) throw appError("not_found", "noMail");
  return mail;
}

/** Retry now: a waiting or failed e-mail is attempted at once, with a fresh set of attempts. */
export async function retryMail(id: string, session: StaffSession): Promise<OutboxMessageDto> {
  assertManager(session);
  const mail = await requireMail(id);
  if (mail.status === "sent") throw appError("conflict", "mailAlreadySent");
  if (mail.status === "cancelled") throw appError("conflict", "mailCancelled");
  if (!(await runJobNow(mailJobKey(id)))) throw appError("conflict", "mailSending");
  await setMailStatus(id, ["queued", "retrying", "failed"], "queued");
  return toDto(await requireMail(id));
}

/** Cancel: a message not yet sent will not be. */
export async function cancelMail(id: string, session: StaffSession): Promise<OutboxMessageDto> {
  assertManager(session);
  const mail = await requireMail(id);
  if (mail.status === "sent") throw appError("conflict", "mailAlreadySent");
  await setMailStatus(id, ["queued", "retrying", "failed"], "cancelled");
  await cancelQueuedJob(mailJobKey(id));
  return toDto(await requireMail(id));
}

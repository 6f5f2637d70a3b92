import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db, inTransaction, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { assertMaySeeLead } from "@/lib/crm/lead.service";
import { AppError } from "@/lib/http/app-error";
import { assertMaySeeProposal } from "@/lib/proposals/proposal-access.service";
import type { StaffSession } from "@/lib/staff/session.service";
import { assertManager } from "@/lib/staff/staff-roles";
import { cancelQueuedJob, enqueueJob, runJobNow } from "@/lib/jobs/queue";
import type { JobHandler } from "@/lib/jobs/worker";
import {
  insertMail,
  selectMail,
  selectMailForDelivery,
  selectMails,
  updateMailAttemptFailed,
  updateMailSent,
  updateMailStatus,
  type MailRow,
} from "./outbox.repo";
import type { OutboxListDto, OutboxMessageDto, TOutboxQuery } from "./outbox.schema";
import { deliverMail, type OutgoingMail } from "./transport";

// The outbox: every e-mail is stored first and delivered by the job queue, retried with backoff,
// and ends visibly sent, failed (with the server's answer) or cancelled.

export const MAIL_JOB = "mail.send";

/**
 * Kinds whose body carries a live secret (a staff invite or password-reset link): kept only until
 * delivered, so the outbox table does not hold usable links (staff tokens are stored hashed).
 */
const SECRET_BODY_KINDS = new Set(["staff_invite", "staff_reset"]);

const mailJobKey = (id: string) => `mail:${id}`;

export interface QueuedMail extends OutgoingMail {
  kind: string;
  proposalId?: string | null;
  leadId?: string | null;
  /** The same key always yields the same message, stored once (a job that builds an e-mail may run twice). */
  dedupeKey?: string;
}

/** A UUID derived from a key, so a repeated request names the message it already created. */
function idFromKey(key: string): string {
  const hex = createHash("sha256").update(`mail:${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Stores one e-mail and its delivery job together; returns the message id. Nothing is sent here.
 * Given a transaction, both join it: the e-mail exists only if the write that caused it commits.
 */
export async function enqueueMail(mail: QueuedMail, client: DbClient = db): Promise<string> {
  const id = mail.dedupeKey ? idFromKey(mail.dedupeKey) : randomUUID();
  return inTransaction(async (tx) => {
    if (mail.dedupeKey && (await selectMail(id, tx))) return id;
    await insertMail(
      {
        id,
        kind: mail.kind,
        proposalId: mail.proposalId ?? null,
        leadId: mail.leadId ?? null,
        toAddress: mail.to,
        subject: mail.subject,
        status: "queued",
        bodyHtml: mail.html,
        bodyText: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          base64: a.content.toString("base64"),
        })),
      },
      tx,
    );
    await enqueueJob(
      {
        kind: MAIL_JOB,
        key: mailJobKey(id),
        payload: { messageId: id },
        maxAttempts: serverEnv().MAIL_MAX_ATTEMPTS,
      },
      tx,
    );
    return id;
  }, client);
}

function messageIdOf(payload: unknown): string {
  const id = (payload as { messageId?: unknown } | null)?.messageId;
  if (typeof id !== "string") throw new Error("mail job without a message id");
  return id;
}

/**
 * Delivers one stored e-mail. Keyed on the message id: a message already sent (a job that ran twice
 * after a crash) or cancelled (by staff, or because its lead was erased) is not sent again.
 */
export const mailJobHandler: JobHandler = {
  async run(payload, { attempt }) {
    const id = messageIdOf(payload);
    const mail = await selectMailForDelivery(id);
    if (!mail) return { skipped: "missing" };
    if (mail.status === "sent" || mail.status === "cancelled") return { skipped: mail.status };
    const attachments = (
      mail.attachments as { filename: string; contentType: string; base64: string }[]
    ).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, "base64"),
    }));
    const answer = await deliverMail(
      {
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.bodyHtml,
        text: mail.bodyText,
        attachments,
      },
      id,
    );
    await updateMailSent(id, attempt, answer, SECRET_BODY_KINDS.has(mail.kind));
    return { sent: true };
  },
  async onFailure(payload, error, { attempt, retryAt }) {
    await updateMailAttemptFailed(messageIdOf(payload), attempt, error, retryAt);
  },
};

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
  const rows = await selectMails({
    ...(query.status && { status: query.status }),
    ...(query.lead_id && { leadId: query.lead_id }),
    ...(query.proposal_id && { proposalId: query.proposal_id }),
  });
  return { messages: rows.map(toDto) };
}

async function requireMail(id: string) {
  const mail = await selectMail(id);
  if (!mail) throw new AppError("not_found", "No such e-mail.");
  return mail;
}

/** Retry now: a waiting or failed e-mail is attempted at once, with a fresh set of attempts. */
export async function retryMail(id: string, session: StaffSession): Promise<OutboxMessageDto> {
  assertManager(session);
  const mail = await requireMail(id);
  if (mail.status === "sent") throw new AppError("conflict", "This e-mail has already been sent.");
  if (mail.status === "cancelled") throw new AppError("conflict", "This e-mail was cancelled.");
  if (!(await runJobNow(mailJobKey(id))))
    throw new AppError("conflict", "This e-mail is being sent right now.");
  await updateMailStatus(id, ["queued", "retrying", "failed"], "queued");
  return toDto(await requireMail(id));
}

/** Cancel: a message not yet sent will not be. */
export async function cancelMail(id: string, session: StaffSession): Promise<OutboxMessageDto> {
  assertManager(session);
  const mail = await requireMail(id);
  if (mail.status === "sent") throw new AppError("conflict", "This e-mail has already been sent.");
  await updateMailStatus(id, ["queued", "retrying", "failed"], "cancelled");
  await cancelQueuedJob(mailJobKey(id));
  return toDto(await requireMail(id));
}

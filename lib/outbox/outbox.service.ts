import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db, inTransaction, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
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
import { deliverMail, type OutgoingMail } from "./transport";
import type { MailKind } from "./mail-kinds";

export type { OutgoingMail };
export { isMailConfigured } from "./transport";

// The outbox: every e-mail is stored first and delivered by the job queue, retried with backoff,
// and ends visibly sent, failed (with the server's answer) or cancelled.

export const MAIL_JOB = "mail.send";

/**
 * Kinds whose body carries a live secret (a staff invite or password-reset link, a meeting's manage link): kept only until
 * delivered, so the outbox table does not hold usable links (staff tokens are stored hashed).
 */
const SECRET_BODY_KINDS = new Set(["staff_invite", "staff_reset", "meeting_visitor"]);

/**
 * Kinds a person writes and sends (a proposal, an e-mail to a lead); every other kind is the app's
 * own (alerts, reminders, digests, confirmations, staff links) and carries `Auto-Submitted`.
 */
const PERSON_SENT_KINDS = new Set(["proposal", "lead_email"]);

/** Whether a message of this kind is marked `Auto-Submitted: auto-generated`. */
export const isAutomaticKind = (kind: string) => !PERSON_SENT_KINDS.has(kind);

/** The delivery job's key for one message (the staff outbox retries and cancels through it). */
export const mailJobKey = (id: string) => `mail:${id}`;

export interface QueuedMail extends OutgoingMail {
  kind: MailKind;
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
        replyTo: mail.replyTo ?? null,
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
        replyTo: mail.replyTo,
        isAutomatic: isAutomaticKind(mail.kind),
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

export type { MailRow };

/** Stored e-mails, newest first, for the staff outbox. */
export function listMails(filter: {
  status?: string;
  leadId?: string;
  proposalId?: string;
}): Promise<MailRow[]> {
  return selectMails(filter);
}

export function findMail(id: string): Promise<MailRow | null> {
  return selectMail(id);
}

/** Moves a message from one of `from` to `to`; a message in another state is left alone. */
export async function setMailStatus(id: string, from: string[], to: string): Promise<void> {
  await updateMailStatus(id, from, to);
}

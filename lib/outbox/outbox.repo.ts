import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type DbClient } from "@/lib/db";

const MESSAGE_SELECT = {
  id: true,
  kind: true,
  toAddress: true,
  subject: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
  proposalId: true,
  leadId: true,
} as const;

export type MailRow = Prisma.MailMessageGetPayload<{ select: typeof MESSAGE_SELECT }>;

/** Stores a message once per id (a keyed message asked for again is not stored twice). */
export function insertMail(data: Prisma.MailMessageCreateManyInput, client: DbClient = db) {
  return client.mailMessage.createMany({ data: [data], skipDuplicates: true });
}

export function selectMailForDelivery(id: string) {
  return db.mailMessage.findUnique({
    where: { id },
    select: {
      status: true,
      kind: true,
      toAddress: true,
      replyTo: true,
      subject: true,
      bodyHtml: true,
      bodyText: true,
      attachments: true,
    },
  });
}

export function selectMail(id: string, client: DbClient = db) {
  return client.mailMessage.findUnique({ where: { id }, select: MESSAGE_SELECT });
}

/** The newest messages first; 500 at most (the outbox is a working view, not an archive). */
export function selectMails(where: Prisma.MailMessageWhereInput) {
  return db.mailMessage.findMany({
    where,
    select: MESSAGE_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
  });
}

/** Records delivery, unless the message was cancelled meanwhile; `clearBody` drops a body that held a live link. */
export function updateMailSent(
  id: string,
  attempts: number,
  serverAnswer: string,
  clearBody = false,
) {
  return db.mailMessage.updateMany({
    where: { id, status: { in: ["queued", "retrying", "failed"] } },
    data: {
      status: "sent",
      sentAt: new Date(),
      attempts,
      detail: serverAnswer.slice(0, 500),
      nextAttemptAt: null,
      ...(clearBody && { bodyHtml: "", bodyText: "" }),
    },
  });
}

export function updateMailAttemptFailed(
  id: string,
  attempts: number,
  error: string,
  retryAt: Date | null,
) {
  return db.mailMessage.updateMany({
    where: { id, status: { in: ["queued", "retrying"] } },
    data: {
      status: retryAt ? "retrying" : "failed",
      attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt: retryAt,
    },
  });
}

export function updateMailStatus(id: string, from: string[], status: string) {
  return db.mailMessage.updateMany({
    where: { id, status: { in: from } },
    data: { status, nextAttemptAt: null },
  });
}

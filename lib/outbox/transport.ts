import "server-only";
import nodemailer, { type SMTPSentMessageInfo } from "nodemailer";
import { serverEnv } from "@/lib/env";
import { site } from "@/lib/site";
import { MAIL_NOT_CONFIGURED_ERROR } from "./delivery-errors";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where the reader's answer goes: the staff member who wrote the message. */
  replyTo?: string | null;
  /** The app wrote it on its own (alerts, reminders, digests): marked so vacation replies do not loop (RFC 3834). */
  isAutomatic?: boolean;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Why one delivery attempt did not hand the message over; the queue retries it later. */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
}

// Short timeouts: a mail server that hangs must not hold a worker's job for minutes (the lease's
// heartbeat keeps it while the conversation lasts). A small pool of reused connections: a worker
// delivering many messages does not pay a new SMTP handshake for each.
const createSmtpPool = (url: string) =>
  nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });

/** Whether this server names a mail server to send through (SMTP_URL). */
export const isMailConfigured = () => Boolean(serverEnv().SMTP_URL);

let transport: { url: string; transporter: ReturnType<typeof createSmtpPool> } | undefined;

function transporterFor(url: string) {
  if (transport?.url !== url) transport = { url, transporter: createSmtpPool(url) };
  return transport.transporter;
}

/**
 * Hands one message to the SMTP server named by SMTP_URL and returns the server's answer. The
 * Message-ID is derived from our own message id, so a copy that did go out twice (a worker killed
 * between the server's "250" and our record of it) is recognisably the same message to the reader's
 * mail system. Throws MailDeliveryError when it did not go out, with the server's answer.
 */
export async function deliverMail(mail: OutgoingMail, messageId: string): Promise<string> {
  const { SMTP_URL, MAIL_FROM } = serverEnv();
  if (!SMTP_URL) throw new MailDeliveryError(MAIL_NOT_CONFIGURED_ERROR);
  const domain = new URL(site.siteUrl).hostname || "localhost";
  let info: SMTPSentMessageInfo;
  try {
    const { replyTo, isAutomatic, ...message } = mail;
    info = await transporterFor(SMTP_URL).sendMail({
      from: MAIL_FROM ?? `${site.name} <${site.contactEmail}>`,
      messageId: `<${messageId}@${domain}>`,
      ...message,
      ...(replyTo ? { replyTo } : {}),
      ...(isAutomatic ? { headers: { "Auto-Submitted": "auto-generated" } } : {}),
    });
  } catch (error) {
    throw new MailDeliveryError(
      error instanceof Error ? error.message.slice(0, 500) : "unknown error",
    );
  }
  if ((info.accepted ?? []).length > 0) return info.response ?? info.messageId ?? "accepted";
  throw new MailDeliveryError((info.response ?? "recipient refused").slice(0, 500));
}

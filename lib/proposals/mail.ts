import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { serverEnv } from "@/lib/env";
import { site } from "@/lib/site";
import type { MailOutcome } from "./proposal.schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailResult {
  status: MailOutcome;
  /** The server's message id when sent, or why it was not. */
  detail: string | null;
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * Hands one message to the SMTP server named by SMTP_URL. Without one nothing is sent and the result
 * says so ("not_configured"); it is never reported as delivered.
 */
export async function deliverMail(mail: OutgoingMail): Promise<MailResult> {
  const { SMTP_URL, MAIL_FROM } = serverEnv();
  if (!SMTP_URL) return { status: "not_configured", detail: "SMTP_URL is not set" };
  try {
    const info = await transporterFor(SMTP_URL).sendMail({
      from: MAIL_FROM ?? `${site.name} <${site.contactEmail}>`,
      ...mail,
    });
    const accepted = (info.accepted ?? []).map(String);
    if (accepted.length > 0) return { status: "sent", detail: info.messageId ?? null };
    if ((info.pending ?? []).length > 0) return { status: "queued", detail: info.response ?? null };
    return { status: "failed", detail: info.response ?? "recipient refused" };
  } catch (error) {
    console.error("[mail] delivery failed", error);
    return {
      status: "failed",
      detail: error instanceof Error ? error.message.slice(0, 500) : "unknown error",
    };
  }
}

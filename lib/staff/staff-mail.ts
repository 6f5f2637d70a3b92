import "server-only";
import { randomUUID } from "node:crypto";
import { serverEnv } from "@/lib/env";
import { deliverMail, type OutgoingMail } from "@/lib/mail/transport";

/** Whether staff e-mail (invites, reset links) can be sent at all. */
export const canSendStaffMail = () => Boolean(serverEnv().SMTP_URL);

export interface MailResult {
  status: "sent" | "failed";
  /** The server's answer, or why it was not sent. */
  detail: string | null;
}

/**
 * The ONE way staff-account e-mail leaves the app, so it can move onto the job queue in one place.
 * Today it hands the message to the SMTP sender and waits for its answer (the invite falls back to
 * showing its link when the message did not go out).
 */
export async function sendStaffMail(mail: OutgoingMail): Promise<MailResult> {
  try {
    return { status: "sent", detail: await deliverMail(mail, randomUUID()) };
  } catch (error) {
    return { status: "failed", detail: error instanceof Error ? error.message : String(error) };
  }
}

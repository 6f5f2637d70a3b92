import "server-only";
import { deliverMail, type MailResult, type OutgoingMail } from "@/lib/proposals/mail";
import { serverEnv } from "@/lib/env";

/** Whether staff e-mail (invites, reset links) can be sent at all. */
export const canSendStaffMail = () => Boolean(serverEnv().SMTP_URL);

/**
 * The ONE way staff-account e-mail leaves the app, so it can move onto the job queue in one place.
 * Today it hands the message to the existing SMTP sender and waits for its answer.
 */
export function sendStaffMail(mail: OutgoingMail): Promise<MailResult> {
  return deliverMail(mail);
}

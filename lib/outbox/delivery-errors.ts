/**
 * What a message records when it could not go out because this server has no mail server set
 * (SMTP_URL). It stays queued and goes out once one is; the staff outbox tells it in the reader's
 * language instead of as a mail server's answer.
 */
export const MAIL_NOT_CONFIGURED_ERROR = "SMTP_URL is not set: e-mail is not configured";

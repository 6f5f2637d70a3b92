/**
 * Every kind of e-mail the outbox holds. The staff outbox names each one in the reader's language
 * (`Outbox.kind` in messages/*.json; tests/unit/outbox/mail-kinds.test.ts keeps the two in step), so a
 * new kind is added here first.
 */
export const MAIL_KINDS = [
  "proposal",
  "lead_email",
  "signed_client",
  "signed_staff",
  "lead_alert",
  "proposal_opened",
  "reminder",
  "digest",
  "lead_assigned",
  "meeting_visitor",
  "meeting_host",
  "staff_invite",
  "staff_reset",
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

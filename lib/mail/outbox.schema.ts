import { z } from "zod";

export const MAIL_STATUSES = ["queued", "retrying", "sent", "failed", "cancelled"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** `GET /api/staff/outbox?status=&lead_id=&proposal_id=`: every e-mail, or those in one state / about one record. */
export const ZOutboxQuery = z.strictObject({
  status: z.enum(MAIL_STATUSES).optional(),
  lead_id: z.uuid("Not a valid id.").optional(),
  proposal_id: z.uuid("Not a valid id.").optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZOutboxParams = z.object({ id: z.uuid("Not a valid id.") });

export interface OutboxMessageDto {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** queued, retrying, sent, failed, cancelled (not_configured on messages from before the queue). */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  /** The mail server's answer (or the connection error) of the last failed attempt. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  proposal_id: string | null;
  lead_id: string | null;
}

export interface OutboxListDto {
  messages: OutboxMessageDto[];
}

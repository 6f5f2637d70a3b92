/** The staff outbox: e-mails with their delivery state, retried or cancelled by managers (lib/http/contract.ts). */
import { z } from "zod";
import { defineContract, errorAnswer, zIdOut, zPathId, zTimestamp } from "@/lib/http/contract";
import { ZOutboxQuery } from "./outbox.schema";

export const ZOutboxMessage = z
  .object({
    id: zIdOut,
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z
      .string()
      .meta({ description: "queued, retrying, sent, failed, cancelled (or not_configured)." }),
    attempts: z.number().int(),
    next_attempt_at: zTimestamp.nullable(),
    last_error: z.string().nullable(),
    created_at: zTimestamp,
    sent_at: zTimestamp.nullable(),
    proposal_id: zIdOut.nullable(),
    lead_id: zIdOut.nullable(),
  })
  .meta({ id: "OutboxMessage" });

export const listOutbox = defineContract({
  operationId: "listOutbox",
  method: "GET",
  path: "/api/staff/outbox",
  tag: "staff",
  access: "staff",
  summary: "E-mails with their delivery state, newest first.",
  description:
    "The whole outbox (managers and owners; 403 for sales), or one lead's or proposal's (`lead_id`, `proposal_id`; any member of staff).",
  query: ZOutboxQuery,
  responses: {
    200: { description: "The messages.", schema: z.object({ messages: z.array(ZOutboxMessage) }) },
  },
});

export const retryMail = defineContract({
  operationId: "retryOutboxMessage",
  method: "POST",
  path: "/api/staff/outbox/{id}/retry",
  tag: "staff",
  access: "manager",
  summary: "Attempt a waiting or failed e-mail now, with a fresh set of attempts (no body).",
  params: zPathId,
  responses: {
    200: { description: "The message.", schema: ZOutboxMessage },
    409: errorAnswer("Already sent or cancelled."),
  },
});

export const cancelMail = defineContract({
  operationId: "cancelOutboxMessage",
  method: "POST",
  path: "/api/staff/outbox/{id}/cancel",
  tag: "staff",
  access: "manager",
  summary: "Cancel an e-mail not yet sent (no body).",
  params: zPathId,
  responses: {
    200: { description: "The message.", schema: ZOutboxMessage },
    409: errorAnswer("Already sent."),
  },
});

export const OUTBOX_CONTRACTS = [listOutbox, retryMail, cancelMail];

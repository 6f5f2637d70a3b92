import "server-only";
import { db, type DbClient } from "@/lib/db";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import type { OutgoingMail } from "@/lib/outbox/outbox.service";

/** The outbox kinds of staff-account e-mail; their bodies hold a live link and are cleared once sent. */
export type StaffMailKind = "staff_invite" | "staff_reset";

/**
 * The ONE way staff-account e-mail leaves the app: stored in the outbox with its delivery job (retried
 * with backoff, visible on the outbox page), never sent while the request waits, and stored in the
 * transaction of the link it carries. Returns the message id.
 */
export function queueStaffMail(
  mail: OutgoingMail,
  kind: StaffMailKind,
  { dedupeKey, client = db }: { dedupeKey?: string; client?: DbClient } = {},
): Promise<string> {
  return enqueueMail({ ...mail, kind, ...(dedupeKey ? { dedupeKey } : {}) }, client);
}

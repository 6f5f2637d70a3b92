import "server-only";
import { MAIL_JOB, mailJobHandler } from "@/lib/mail/outbox.service";
import type { JobHandlers } from "./worker";

/** Every kind of job the worker knows, by kind. */
export const JOB_HANDLERS: JobHandlers = {
  [MAIL_JOB]: mailJobHandler,
};

/** Enqueues the next occurrence of each scheduled job (idempotent: keyed on the occurrence). */
export async function scheduleRecurringJobs(): Promise<void> {}

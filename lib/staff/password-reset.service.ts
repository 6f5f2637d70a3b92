import "server-only";
import { appError } from "@/lib/http/server-message";
import { createHmac, randomUUID } from "node:crypto";
import { z } from "zod";
import { serverEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { findAccountRowByEmail, insertTokenOnce } from "./account.repo";
import { RESET_VALID_MS } from "./account.service";
import { normaliseEmail, sha256 } from "./secrets";
import { buildResetMail } from "./staff-mail-content";
import { queueStaffMail } from "./staff-mail";
import { isMailConfigured } from "@/lib/outbox/outbox.service";

export const STAFF_RESET_JOB = "staff.password_reset";

const ZResetJob = z.object({ email: z.string(), request: z.string() });

/**
 * "Forgot password": with SMTP configured, an active account gets a single-use 30-minute link by e-mail.
 * The request only records a job, the same one for every e-mail: whether an account exists is looked
 * up by the worker, so neither the answer nor its timing tells which e-mails have one.
 */
export async function requestPasswordReset(email: string, clientAddress: string, now = new Date()) {
  if (!isMailConfigured()) return { ok: true as const, email_configured: false };
  const limit = await takeLimit(
    { bucket: "staff_password_reset", key: clientAddress, max: 5, windowMs: 15 * 60 * 1000 },
    now,
  );
  if (limit.isLimited)
    throw appError("throttled", "tooManyRequests", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const request = randomUUID();
  await enqueueJob({
    kind: STAFF_RESET_JOB,
    key: `staff-reset:${request}`,
    payload: { email: normaliseEmail(email), request },
  });
  return { ok: true as const, email_configured: true };
}

/** The link of one request, derived from it so a job that runs twice issues the same link and mail. */
const resetTokenOf = (request: string) =>
  createHmac("sha256", serverEnv().SESSION_SECRET)
    .update(`staff-reset-link|${request}`)
    .digest("base64url");

/** Issues the link and queues its mail when the e-mail belongs to an active account; nothing otherwise. */
export const staffResetHandler: JobHandler = {
  async run(payload) {
    const { email, request } = ZResetJob.parse(payload);
    const account = await findAccountRowByEmail(email);
    if (!account?.active) return;
    const token = resetTokenOf(request);
    await insertTokenOnce({
      id: sha256(token),
      accountId: account.id,
      kind: "reset",
      expiresAt: new Date(Date.now() + RESET_VALID_MS),
    });
    await queueStaffMail(
      buildResetMail({
        to: account.email,
        name: account.name,
        token,
        lang: account.lang === "en" ? "en" : "es",
      }),
      "staff_reset",
      { dedupeKey: `staff-reset:${request}` },
    );
  },
};

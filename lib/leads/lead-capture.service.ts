import "server-only";
import { randomUUID } from "node:crypto";
import { serverEnv } from "@/lib/env";
import { isUniqueViolation } from "@/lib/db-errors";
import { AppError } from "@/lib/http/app-error";
import { checkLimit, pruneOldHits, recordHit } from "@/lib/rate-limit/rate-limit.service";
import { findSubmissionById, insertSpam, writeCapture } from "./lead-capture.repo";
import type { TLeadSubmissionRequest } from "./lead-submission.schema";

const BUCKET = "lead_submission";
const PER_ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const GLOBAL_WINDOW_MS = 60 * 60 * 1000;
/** People take seconds to fill even the short form; a faster post is a script. */
const MIN_FILL_MS = 3000;

export interface SubmissionContext {
  clientAddress: string;
  userAgent: string | null;
  referrer: string | null;
  idempotencyKey: string | null;
}

/** Stores a public lead submission and files it in the CRM; returns the id the client keeps. */
export async function captureLead(
  request: TLeadSubmissionRequest,
  context: SubmissionContext,
): Promise<{ id: string }> {
  const submissionId = context.idempotencyKey ?? request.submission_id;
  if (!submissionId)
    throw new AppError("validation", "Send a submission_id (or an Idempotency-Key header).", {
      fields: { submission_id: ["Required."] },
    });

  // A retry of something we already stored gets the first answer, whatever the limits say now.
  const earlier = await findSubmissionById(submissionId);
  if (earlier) return { id: earlier.id };

  await enforceRateLimits(context.clientAddress);

  const {
    fax,
    elapsed_ms: elapsedMs,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out so it is not stored among the answers
    submission_id: _submissionId,
    source,
    lang,
    ...answers
  } = request;
  const spamReason = fax?.trim() ? "honeypot" : elapsedMs < MIN_FILL_MS ? "too_fast" : null;
  if (spamReason) {
    await insertSpam({
      reason: spamReason,
      clientAddress: context.clientAddress,
      userAgent: context.userAgent,
      payload: request,
    });
    // The same answer a person gets, so the bot learns nothing.
    return { id: randomUUID() };
  }

  const es = lang === "es";
  const activityContent =
    request.source === "optin"
      ? es
        ? "Envió el cuestionario de la web."
        : "Submitted the website questionnaire."
      : `${es ? "Mensaje del formulario" : "Contact form message"}: ${request.message}`;
  try {
    const result = await writeCapture({
      submissionId,
      email: request.email,
      lead: {
        name: request.name,
        phone: request.source === "optin" ? request.phone : null,
        company: request.company ?? null,
        industry: request.source === "optin" ? request.industry : null,
        source,
        lang,
      },
      activityContent: activityContent.slice(0, 5000),
      answers,
      userAgent: context.userAgent,
      referrer: context.referrer,
    });
    return { id: result.submissionId };
  } catch (error) {
    // Two copies of one submission raced; the loser answers with the winner's id.
    if (isUniqueViolation(error)) {
      const winner = await findSubmissionById(submissionId);
      if (winner) return { id: winner.id };
    }
    throw error;
  }
}

async function enforceRateLimits(clientAddress: string) {
  void pruneOldHits().catch(() => undefined);
  const env = serverEnv();
  const perAddress = await checkLimit({
    bucket: BUCKET,
    key: clientAddress,
    max: env.LEADS_RATE_LIMIT_PER_ADDRESS,
    windowMs: PER_ADDRESS_WINDOW_MS,
  });
  const global = perAddress.isLimited
    ? perAddress
    : await checkLimit({
        bucket: BUCKET,
        key: "*",
        max: env.LEADS_RATE_LIMIT_GLOBAL,
        windowMs: GLOBAL_WINDOW_MS,
      });
  if (global.isLimited) {
    throw new AppError("throttled", "Too many submissions. Please try again later.", {
      retryAfterSeconds: global.retryAfterSeconds,
    });
  }
  await recordHit({ bucket: BUCKET, key: clientAddress }, { bucket: BUCKET, key: "*" });
}

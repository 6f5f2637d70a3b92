import "server-only";
import { appError } from "@/lib/http/server-message";
import { enqueueJob, type NewJob } from "@/lib/queue/queue";
import { isRoundRobinOn } from "./lead-assignment.service";
import { createHash, randomUUID } from "node:crypto";
import { db, inTransaction, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { isUniqueViolation } from "@/lib/db-errors";
import type { ClientContext } from "@/lib/http/route";
import { pruneOldHits, takeLimit } from "@/lib/rate-limit/rate-limit.service";
import {
  findRecentSubmission,
  findSubmissionById,
  insertSpam,
  writeCapture,
  writeHeld,
  type CaptureWrite,
} from "./lead-capture.repo";
import type { AttributionDto } from "./lead-attribution.schema";
import { attributeSubmission } from "./lead-attribution.service";
import type { TLeadSubmissionRequest } from "./lead-submission.schema";

// The new-lead alert: enqueued here in the capture's transaction, handled by lib/alerts (the job
// registry joins the two); a key per submission keeps each alert to one, however often it is asked for.
export const LEAD_ALERT_JOB = "alert.lead";

export const leadAlertJob = (leadId: string, submissionId: string, isNewLead: boolean): NewJob => ({
  kind: LEAD_ALERT_JOB,
  key: `alert:lead:${submissionId}`,
  payload: { leadId, submissionId, isNewLead },
});

const BUCKET = "lead_submission";
const PER_ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const GLOBAL_WINDOW_MS = 60 * 60 * 1000;
/** Without a submission id, an identical body for the same e-mail within this time is a retry. */
export const RETRY_WINDOW_MS = 10 * 60 * 1000;
/** People take seconds to fill even the short form; a faster post is a script. */
const MIN_FILL_MS = 3000;

/** SHA-256 of the body with its keys sorted (the e-mail is part of it), so a retry hashes the same. */
export function hashSubmission(request: TLeadSubmissionRequest): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== "submission_id")
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([key, child]) => [key, canonical(child)]),
          )
        : value;
  return createHash("sha256")
    .update(JSON.stringify(canonical({ ...request, email: request.email.toLowerCase() })))
    .digest("hex");
}

/**
 * Stores a public lead submission and files it in the CRM; returns the id the client keeps.
 * Past the global threshold it is still accepted, but held for review instead of entering the
 * pipeline: a limit that strangers can fill must never cost a real visitor their lead.
 */
export async function captureLead(
  request: TLeadSubmissionRequest,
  client: Pick<ClientContext, "address" | "userAgent" | "referrer" | "idempotencyKey">,
  now = new Date(),
): Promise<{ id: string; isHeld?: boolean }> {
  const explicitId = client.idempotencyKey ?? request.submission_id ?? null;
  const bodyHash = hashSubmission(request);
  const dedupeSince = explicitId ? null : new Date(now.getTime() - RETRY_WINDOW_MS);

  // A retry of something we already stored gets the first answer, whatever the limits say now.
  const earlier = explicitId
    ? await findSubmissionById(explicitId)
    : await findRecentSubmission(bodyHash, dedupeSince!);
  if (earlier) return { id: earlier.id };

  void pruneOldHits().catch(() => undefined);
  const perAddress = await takeLimit({
    bucket: BUCKET,
    key: client.address,
    max: serverEnv().LEADS_RATE_LIMIT_PER_ADDRESS,
    windowMs: PER_ADDRESS_WINDOW_MS,
  });
  if (perAddress.isLimited) {
    throw appError("throttled", "tooManySubmissions", {
      retryAfterSeconds: perAddress.retryAfterSeconds,
    });
  }

  const spamReason = request.fax?.trim()
    ? "honeypot"
    : request.elapsed_ms !== undefined && request.elapsed_ms < MIN_FILL_MS
      ? "too_fast"
      : null;
  if (spamReason) {
    await insertSpam({
      reason: spamReason,
      clientAddress: client.address,
      userAgent: client.userAgent,
      payload: request,
    });
    // The same answer a person gets, so the bot learns nothing.
    return { id: randomUUID() };
  }

  const submissionId = explicitId ?? `auto-${randomUUID()}`;
  const global = await takeLimit({
    bucket: BUCKET,
    key: "*",
    max: serverEnv().LEADS_RATE_LIMIT_GLOBAL,
    windowMs: GLOBAL_WINDOW_MS,
  });
  try {
    if (global.isLimited) {
      const held = await writeHeld({
        submissionId,
        bodyHash,
        dedupeSince,
        email: request.email,
        payload: request,
        clientAddress: client.address === "unknown" ? null : client.address,
        userAgent: client.userAgent,
        referrer: client.referrer,
      });
      return { id: held.id, isHeld: true };
    }
    const attribution = await attributeSubmission(request, now);
    const result = await writeFiledLead(
      toCaptureWrite(request, { submissionId, bodyHash, dedupeSince, ...client, attribution }),
    );
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

/**
 * Files a submission as a lead and records the team's alert in the same transaction (an alert per
 * submission, delivered by the job queue whatever becomes of SMTP): both are stored or neither is,
 * so no crash between them can lose the alert. Shared by capture and held-review acceptance.
 */
export function writeFiledLead(write: CaptureWrite, client: DbClient = db) {
  return inTransaction(async (tx) => {
    const result = await writeCapture(write, { takesTurn: isRoundRobinOn() }, tx);
    if (result.leadId)
      await enqueueJob(leadAlertJob(result.leadId, result.submissionId, result.isNewLead), tx);
    return result;
  }, client);
}

/** The write that files a validated submission as a lead (shared by capture and held-review acceptance). */
export function toCaptureWrite(
  request: TLeadSubmissionRequest,
  meta: {
    submissionId: string;
    bodyHash: string;
    dedupeSince: Date | null;
    userAgent: string | null;
    referrer: string | null;
    /** Where the visitor came from (null: unknown). */
    attribution: AttributionDto | null;
  },
): CaptureWrite {
  // The answers are the body without the envelope (id, timing, honeypot, source, language).
  const answers: Record<string, unknown> = { ...request };
  for (const key of ["fax", "elapsed_ms", "submission_id", "source", "lang", "visitor_id", "utm"])
    delete answers[key];
  const { source, lang } = request;
  const es = lang === "es";
  const activityContent =
    request.source === "optin"
      ? es
        ? "Envió el cuestionario de la web."
        : "Submitted the website questionnaire."
      : `${es ? "Mensaje del formulario" : "Contact form message"}: ${request.message}`;
  return {
    submissionId: meta.submissionId,
    bodyHash: meta.bodyHash,
    dedupeSince: meta.dedupeSince,
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
    activityDetail: {
      source,
      message: request.source === "optin" ? null : request.message.slice(0, 5000),
    },
    answers: answers as CaptureWrite["answers"],
    userAgent: meta.userAgent,
    referrer: meta.referrer,
    attribution: meta.attribution,
  };
}

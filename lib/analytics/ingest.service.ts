import "server-only";
import { appError } from "@/lib/http/server-message";
import { validationFields } from "@/lib/http/validation";
import { serverEnv } from "@/lib/env";
import { parseInput } from "@/lib/http/parse";
import { sanitiseJson } from "@/lib/http/text";
import { pruneOldHits, takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { isBotUserAgent } from "./bots";
import { classifyVisit } from "./channels";
import { classifyDevice } from "./device";
import {
  isTimestampPlausible,
  ZEventEnvelope,
  ZTrackedEvent,
  type TTrackedEvent,
} from "./event.schema";
import { insertEventsWithRollups, type EventRow } from "./ingest.repo";
import { campaignTagsOf, DERIVED_TOUCH_KEYS, touchFieldsOf } from "./touch";

const BUCKET = "analytics_event";
const WINDOW_MS = 60 * 1000;
const GLOBAL_KEY = "*";
const GLOBAL_WINDOW_MS = 1000;

export interface IngestContext {
  clientAddress: string;
  /** The request's User-Agent header: bots are recognised by it, and the device class comes from it. */
  userAgent: string | null;
  /** Our own host, so a referrer from our own pages reads as an internal move, not a visit. */
  ownHost: string;
  /** The receive time (periods count by it); tests pass one, requests use the clock. */
  now?: Date;
}

export interface IngestResult {
  accepted: number;
  rejected: number;
  /** One entry per rejected event: its position in the batch and why. */
  errors: { index: number; reason: string }[];
}

/**
 * Validates each event on its own, drops bots, and stores the rest with their rollups. Every accepted
 * event is committed when this resolves. A body that is not an event or a batch, or holds no valid
 * event, is a 400; an address over its per-minute allowance, or all addresses together over the
 * per-second cap, is a 429. `body` is the JSON as sent: each event's text is checked here, so an event
 * holding a NUL or a lone surrogate is refused alone while the others are stored.
 */
export async function ingestEvents(body: unknown, context: IngestContext): Promise<IngestResult> {
  const envelope = ZEventEnvelope.safeParse(body);
  // The envelope's own problems answer as any other body does (400 naming the field).
  const { events } = envelope.success ? envelope.data : parseInput(ZEventEnvelope, body);
  await enforceRateLimits(context.clientAddress);
  if (isBotUserAgent(context.userAgent))
    return {
      accepted: 0,
      rejected: events.length,
      errors: events.map((_, index) => ({ index, reason: "Automated client." })),
    };

  const now = context.now ?? new Date();
  const valid = new Map<string, TTrackedEvent>();
  const errors: IngestResult["errors"] = [];
  events.forEach((candidate, index) => {
    const reason = problemOf(candidate, now);
    if (typeof reason === "string") errors.push({ index, reason });
    else valid.set(reason.event_id, reason);
  });
  const rejected = errors.length;
  if (valid.size === 0)
    throw appError("validation", "noValidEvent", {
      fields: { events: errors.slice(0, 10).map((error) => `${error.index}: ${error.reason}`) },
    });

  const deviceClass = classifyDevice(context.userAgent);
  const rows = [...valid.values()].map((event) => toRow(event, deviceClass, context.ownHost));
  await insertEventsWithRollups(rows, now, serverEnv().ANALYTICS_TIME_ZONE);
  // Copies of one event in a batch, or of an event already stored, are accepted: it is stored, once.
  return { accepted: events.length - rejected, rejected, errors };
}

/** The valid event, or why it is refused (the first problem found, field first). */
function problemOf(candidate: unknown, now: Date): TTrackedEvent | string {
  const safe = sanitiseJson(candidate);
  if ("issue" in safe) return `${safe.issue.path}: ${safe.issue.message}`;
  const parsed = ZTrackedEvent.safeParse(safe.value);
  if (!parsed.success) {
    const { fields, bodyMessages } = validationFields(parsed.error);
    const [path, messages] = Object.entries(fields)[0] ?? [];
    const problem = path ? `${path}: ${messages?.[0]}` : (bodyMessages[0] ?? "Not an event.");
    return problem.slice(0, 300);
  }
  if (!isTimestampPlausible(parsed.data.timestamp, now))
    return "timestamp: More than a day away from the server clock.";
  return parsed.data;
}

function toRow(event: TTrackedEvent, deviceClass: string, ownHost: string): EventRow {
  const url = new URL(event.page_url);
  const { page_title: pageTitle, ...sent } = event.metadata;
  const sourceChannel = classifyVisit(event.referrer, campaignTagsOf(url), ownHost);
  const metadata = Object.fromEntries(
    Object.entries(sent).filter(([key]) => !DERIVED_TOUCH_KEYS.includes(key)),
  );
  // A page view keeps where its visit came from, so a lead can be attributed from our own events.
  if (event.event_type === "page_view")
    Object.assign(metadata, touchFieldsOf(url, event.referrer, sourceChannel));
  return {
    eventId: event.event_id,
    eventType: event.event_type,
    clientTimestamp: new Date(event.timestamp).toISOString(),
    path: url.pathname.slice(0, 300),
    pageTitle: typeof pageTitle === "string" ? pageTitle : null,
    userId: event.user_id,
    sessionId: event.session_id,
    sourceChannel,
    deviceClass,
    metadata,
  };
}

async function enforceRateLimits(clientAddress: string) {
  void pruneOldHits().catch(() => undefined);
  const env = serverEnv();
  // Per address first: one noisy client is refused without touching the shared counter row.
  for (const rule of [
    { key: clientAddress, max: env.ANALYTICS_RATE_LIMIT_PER_ADDRESS, windowMs: WINDOW_MS },
    {
      key: GLOBAL_KEY,
      max: env.ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND,
      windowMs: GLOBAL_WINDOW_MS,
    },
  ]) {
    const limit = await takeLimit({ bucket: BUCKET, ...rule });
    if (limit.isLimited)
      throw appError("throttled", "tooManyAnalyticsRequests", {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
  }
}

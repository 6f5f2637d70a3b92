import "server-only";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/http/app-error";
import { parseInput } from "@/lib/http/parse";
import { pruneOldHits, takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { isBotUserAgent } from "./bots";
import { classifyReferrer } from "./channels";
import { classifyDevice } from "./device";
import {
  isTimestampPlausible,
  ZEventEnvelope,
  ZTrackedEvent,
  type TTrackedEvent,
} from "./event.schema";
import { insertEventsWithRollups, type EventRow } from "./ingest.repo";

const BUCKET = "analytics_event";
const WINDOW_MS = 60 * 1000;

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
}

/**
 * Validates each event on its own, drops bots, and stores the rest with their rollups. Every accepted
 * event is committed when this resolves. A body that is not an event or a batch, or holds no valid
 * event, is a 400; an address over its per-minute allowance is a 429.
 */
export async function ingestEvents(body: unknown, context: IngestContext): Promise<IngestResult> {
  const { events } = parseInput(ZEventEnvelope, body);
  await enforceRateLimit(context.clientAddress);
  if (isBotUserAgent(context.userAgent)) return { accepted: 0, rejected: events.length };

  const now = context.now ?? new Date();
  const valid = new Map<string, TTrackedEvent>();
  let rejected = 0;
  for (const candidate of events) {
    const parsed = ZTrackedEvent.safeParse(candidate);
    if (parsed.success && isTimestampPlausible(parsed.data.timestamp, now))
      valid.set(parsed.data.event_id, parsed.data);
    else rejected++;
  }
  if (valid.size === 0)
    throw new AppError("validation", "No event in the body is valid.", {
      fields: { events: [`${rejected} invalid event(s).`] },
    });

  const deviceClass = classifyDevice(context.userAgent);
  const rows = [...valid.values()].map((event) => toRow(event, deviceClass, context.ownHost));
  await insertEventsWithRollups(rows, now, serverEnv().ANALYTICS_TIME_ZONE);
  // Copies of one event in a batch, or of an event already stored, are accepted: it is stored, once.
  return { accepted: events.length - rejected, rejected };
}

function toRow(event: TTrackedEvent, deviceClass: string, ownHost: string): EventRow {
  const url = new URL(event.page_url);
  const { page_title: pageTitle, ...metadata } = event.metadata;
  return {
    eventId: event.event_id,
    eventType: event.event_type,
    clientTimestamp: new Date(event.timestamp).toISOString(),
    path: url.pathname.slice(0, 300),
    pageTitle: typeof pageTitle === "string" ? pageTitle : null,
    userId: event.user_id,
    sessionId: event.session_id,
    sourceChannel: classifyReferrer(event.referrer, ownHost),
    deviceClass,
    metadata,
  };
}

async function enforceRateLimit(clientAddress: string) {
  void pruneOldHits().catch(() => undefined);
  const limit = await takeLimit({
    bucket: BUCKET,
    key: clientAddress,
    max: serverEnv().ANALYTICS_RATE_LIMIT_PER_ADDRESS,
    windowMs: WINDOW_MS,
  });
  if (limit.isLimited)
    throw new AppError("throttled", "Too many analytics requests. Please slow down.", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
}

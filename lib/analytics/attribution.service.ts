import "server-only";
import { selectVisitorHistory, type TouchRow } from "./attribution.repo";

/** A touch as the tracker's events recorded it (the lead feature turns it into its DTO). */
export interface VisitorTouch {
  channel: string;
  referrerHost: string | null;
  landingPage: string;
  utm: Record<"source" | "medium" | "campaign" | "term" | "content", string | null>;
  at: Date;
}

export interface VisitorTouches {
  first: VisitorTouch;
  last: VisitorTouch;
  visits: number;
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

function toTouch(row: TouchRow): VisitorTouch {
  return {
    // A first view whose referrer is our own site (its arrival went unrecorded) reads as direct.
    channel: row.channel === "internal" ? "direct" : row.channel,
    referrerHost: text(row.metadata.referrer_host),
    landingPage: row.path,
    utm: {
      source: text(row.metadata.utm_source),
      medium: text(row.metadata.utm_medium),
      campaign: text(row.metadata.utm_campaign),
      term: text(row.metadata.utm_term),
      content: text(row.metadata.utm_content),
    },
    at: row.at,
  };
}

/**
 * First and last touch of an anonymous visitor before `until`, from the events the tracker stored
 * for it; null when we hold no page view for that id (a form sent an id the tracker never issued).
 */
export async function findVisitorTouches(
  visitorId: string,
  until: Date,
): Promise<VisitorTouches | null> {
  const history = await selectVisitorHistory(visitorId, until);
  if (!history.first) return null;
  return {
    first: toTouch(history.first),
    last: toTouch(history.lastArrival ?? history.first),
    visits: history.visits,
  };
}

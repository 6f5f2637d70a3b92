import { textProblem } from "@/lib/http/text";
import type { SourceChannel } from "./events";

/** The campaign parameters kept from a page view's address (and nothing else of its query). */
export const UTM_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
const MAX_CHARS = 200;
/** Metadata keys the server derives itself; a client's own copies are dropped. */
export const DERIVED_TOUCH_KEYS: readonly string[] = [...UTM_PARAMS, "referrer_host"];

/** The campaign tags of a page's address that decide its channel (classifyVisit). */
export function campaignTagsOf(pageUrl: URL): {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
} {
  const tag = (name: string) =>
    pageUrl.searchParams.get(name)?.trim().slice(0, MAX_CHARS) || undefined;
  return {
    utm_source: tag("utm_source"),
    utm_medium: tag("utm_medium"),
    utm_campaign: tag("utm_campaign"),
  };
}

/**
 * What a page view says about where its visit came from, stored in its metadata at ingestion so
 * that a lead can later be attributed from the tracker's own events: the campaign tags of its
 * address (cut to 200 characters; a tag that is not clean text is left out) and the referring host
 * when the visit came from another site.
 */
export function touchFieldsOf(
  pageUrl: URL,
  referrer: string | null | undefined,
  channel: SourceChannel,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of UTM_PARAMS) {
    const value = pageUrl.searchParams.get(name)?.trim().slice(0, MAX_CHARS);
    if (value && !textProblem(value)) fields[name] = value;
  }
  if (referrer && channel !== "internal") {
    try {
      const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, "");
      if (host) fields.referrer_host = host.slice(0, MAX_CHARS);
    } catch {
      // Not a URL: no host to keep (the channel already says direct).
    }
  }
  return fields;
}

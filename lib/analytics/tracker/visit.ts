/**
 * What a lead form may tell the server about the visit it ends (docs/product.md#attribution): the
 * tracker's visitor id and the campaign tags it kept for this session. Plain DOM code, like the
 * tracker. Where the tracker may not run (Do Not Track, Global Privacy Control, storage blocked)
 * this is empty, and the lead's attribution is 'unknown'.
 */
import { QUESTIONNAIRE_STEP_EVENT, QUESTIONNAIRE_STEP_QUEUE } from "../events";

export const VISITOR_ID_KEY = "av_user_id";
export const CAMPAIGN_KEY = "av_utm";
const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
/** Controls, bidirectional overrides and lone surrogates would make the server refuse the whole lead. */
const isCleanText = (value: string) =>
  value.isWellFormed?.() !== false &&
  !/[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/.test(value);

export function isTrackingAllowed(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const doNotTrack = nav.doNotTrack ?? (window as { doNotTrack?: string }).doNotTrack;
  return !(doNotTrack === "1" || doNotTrack === "yes" || nav.globalPrivacyControl);
}

/** The campaign tags of an address (utm_source… without the prefix), cleaned and cut to 200 characters. */
export function campaignOf(search: string): Partial<Record<(typeof UTM_FIELDS)[number], string>> {
  const params = new URLSearchParams(search);
  const utm: Partial<Record<(typeof UTM_FIELDS)[number], string>> = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(`utm_${field}`)?.trim().slice(0, 200);
    if (value && isCleanText(value)) utm[field] = value;
  }
  return utm;
}

export function trackedVisit(): {
  visitor_id?: string;
  utm?: Partial<Record<(typeof UTM_FIELDS)[number], string>>;
} {
  if (!isTrackingAllowed()) return {};
  try {
    const visitorId = localStorage.getItem(VISITOR_ID_KEY);
    const kept: unknown = JSON.parse(sessionStorage.getItem(CAMPAIGN_KEY) ?? "null");
    const utm =
      kept && typeof kept === "object"
        ? campaignOf(
            new URLSearchParams(
              Object.entries(kept as Record<string, unknown>)
                .filter(([, value]) => typeof value === "string")
                .map(([field, value]) => [`utm_${field}`, value as string]),
            ).toString(),
          )
        : {};
    return {
      ...(visitorId && /^user_[A-Za-z0-9_-]{4,100}$/.test(visitorId)
        ? { visitor_id: visitorId }
        : {}),
      ...(Object.keys(utm).length ? { utm } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Tells the tracker that the questionnaire reached a step (number from 1, and the step's field name;
 * never the answer). Queued for a tracker that has not started yet; nothing where tracking is not allowed.
 */
export function announceQuestionnaireStep(step: number, stepName: string): void {
  if (!isTrackingAllowed()) return;
  const detail = { step, step_name: stepName };
  const w = window as unknown as Record<string, unknown[] | undefined>;
  (w[QUESTIONNAIRE_STEP_QUEUE] ??= []).push(detail);
  dispatchEvent(new CustomEvent(QUESTIONNAIRE_STEP_EVENT, { detail }));
}

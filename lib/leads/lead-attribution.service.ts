import "server-only";
import { findVisitorTouches, type VisitorTouch } from "@/lib/analytics/attribution.service";
import {
  UNKNOWN_ATTRIBUTION,
  type AttributionDto,
  type TouchDto,
  type TUtm,
} from "./lead-attribution.schema";
import { selectSubmissionAttributions } from "./lead-attribution.repo";

const DAY_MS = 24 * 60 * 60 * 1000;

function fromEvents(touch: VisitorTouch): TouchDto {
  return {
    channel: touch.channel,
    referrer_host: touch.referrerHost,
    landing_page: touch.landingPage,
    utm_source: touch.utm.source,
    utm_medium: touch.utm.medium,
    utm_campaign: touch.utm.campaign,
    utm_term: touch.utm.term,
    utm_content: touch.utm.content,
    at: touch.at.toISOString(),
  };
}

function fromForm(utm: TUtm): TouchDto {
  return {
    channel: null,
    referrer_host: null,
    landing_page: null,
    utm_source: utm.source ?? null,
    utm_medium: utm.medium ?? null,
    utm_campaign: utm.campaign ?? null,
    utm_term: utm.term ?? null,
    utm_content: utm.content ?? null,
    at: null,
  };
}

/**
 * The attribution of a submission received at `receivedAt` (docs/product.md#attribution): from the
 * tracker's own events for the visitor id the form sent (verified), otherwise from the campaign tags
 * the form sent (unverified); null, i.e. unknown, when the form sent neither.
 */
export async function attributeSubmission(
  request: { visitor_id?: string; utm?: TUtm },
  receivedAt: Date,
): Promise<AttributionDto | null> {
  const touches = request.visitor_id
    ? await findVisitorTouches(request.visitor_id, receivedAt)
    : null;
  if (touches)
    return {
      first_touch: fromEvents(touches.first),
      last_touch: fromEvents(touches.last),
      visits: touches.visits,
      days_to_convert: Math.floor((receivedAt.getTime() - touches.first.at.getTime()) / DAY_MS),
      verified: true,
    };
  const hasUtm = request.utm && Object.values(request.utm).some(Boolean);
  if (!hasUtm && !request.visitor_id) return null;
  const touch = hasUtm ? fromForm(request.utm!) : null;
  return {
    first_touch: touch,
    last_touch: touch,
    visits: null,
    days_to_convert: null,
    verified: false,
  };
}

/**
 * A lead's attribution: that of its first submission the tracker's events confirm, else of its first
 * submission that carried any; 'unknown' when none did.
 */
export async function attributionOfLead(leadId: string): Promise<AttributionDto> {
  const stored = (await selectSubmissionAttributions(leadId))
    .map((row) => row.attribution as AttributionDto | null)
    .filter((value): value is AttributionDto => Boolean(value && typeof value === "object"));
  return stored.find((value) => value.verified) ?? stored[0] ?? UNKNOWN_ATTRIBUTION;
}

import type { Range } from "./periods";
import type { SourceChannel } from "./events";

/** The four headline figures of the dashboard. */
export interface HeadlineFigures {
  totalTraffic: number;
  uniqueTraffic: number;
  totalOptins: number;
  camilaClicks: number;
}
export const HEADLINE_KEYS = [
  "totalTraffic",
  "uniqueTraffic",
  "totalOptins",
  "camilaClicks",
] as const satisfies readonly (keyof HeadlineFigures)[];

/** Where conversions come from; the dashboard lists only those the period's data holds. */
export const CONVERSION_CHANNELS = [
  "questionnaire",
  "contactForm",
  "chatWidget",
  "camilaCalls",
  "other",
] as const;
export type ConversionChannel = (typeof CONVERSION_CHANNELS)[number];

/** GET /api/analytics answer. Every figure is present; a period without data reads 0. */
export interface AnalyticsDashboard extends HeadlineFigures, FunnelFigures {
  range: Range;
  startDate: string;
  endDate: string;
  timeZone: string;
  /**
   * `until`: set when the period reaches today, so the previous period's last day counts only up to the
   * same time of day (a partial today is compared with a partial day).
   */
  previous: HeadlineFigures & { startDate: string; endDate: string; until: string | null };
  /** Percentage change against the previous period, one decimal; null when the previous figure is 0. */
  change: Record<keyof HeadlineFigures, number | null>;
  /** Share of visits (page views arriving from outside the site) by channel; percentages rounded down. */
  sources: { channel: Exclude<SourceChannel, "internal">; visits: number; percent: number }[];
  /** Conversions by channel, only channels with conversions in the period; percentages of their sum, rounded down. */
  channels: { channel: ConversionChannel; count: number; percent: number }[];
  daily: { date: string; pageViews: number; visitors: number }[];
  /** The previous period day by day, for drawing it beside the current one (it may be a few days shorter or longer). */
  previousDaily: { date: string; pageViews: number; visitors: number }[];
  topPages: { path: string; views: number }[];
  /** Deals lost in the period (lib/analytics/lost-reasons.repo.ts), most frequent reason first. */
  lost_reasons: LostReasonRow[];
  /** The period's campaigns (lib/analytics/campaigns.repo.ts), most visitors first, at most 50. */
  campaigns: CampaignRow[];
}

/** One campaign (utm_campaign with its source and medium; null: the tag was absent). */
export interface CampaignRow {
  utm_campaign: string;
  utm_source: string | null;
  utm_medium: string | null;
  visitors: number;
  questionnaire_started: number;
  leads: number;
  /** Leads who booked a meeting in the period (the funnel's "meeting booked"). */
  meetings_booked: number;
  proposals_shared: number;
  signed: number;
  revenue: { currency: string; initial: number; monthly: number }[];
}
export const MAX_CAMPAIGN_ROWS = 50;

/** The stages a deal can be lost from. */
export const LOST_FROM_STAGES = [
  "Qualification",
  "Discovery",
  "Proposal",
  "Negotiation",
  "Won",
] as const;
export type LostFromStage = (typeof LOST_FROM_STAGES)[number];

/** One lost reason: how many deals it lost in the period and from which stage; reason null: none recorded. */
export interface LostReasonRow {
  reason: string | null;
  count: number;
  from_stage: Record<LostFromStage, number>;
}

/** The sales funnel's steps, in order (docs/product.md#sales-funnel). */
export const FUNNEL_STEPS = [
  "visitors",
  "questionnaire_started",
  "lead",
  "meeting_booked",
  "meeting_held",
  "proposal_shared",
  "proposal_viewed",
  "signed",
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** The steps made of leads: their figures link to the leads behind them (visitors are anonymous). */
export const LEAD_FUNNEL_STEPS = [
  "lead",
  "meeting_booked",
  "meeting_held",
  "proposal_shared",
  "proposal_viewed",
  "signed",
] as const satisfies readonly FunnelStep[];
export type LeadFunnelStep = (typeof LEAD_FUNNEL_STEPS)[number];
/** The channels the funnel groups by: the traffic sources, plus 'unknown' for leads without attribution. */
export const FUNNEL_CHANNELS = [
  "organic",
  "direct",
  "social",
  "referral",
  "email",
  "paid",
  "campaign",
  "internal",
  "unknown",
] as const;
export type FunnelChannel = (typeof FUNNEL_CHANNELS)[number];
export const isFunnelChannel = (channel: string): channel is FunnelChannel =>
  (FUNNEL_CHANNELS as readonly string[]).includes(channel);

export interface FunnelStepDto {
  step: FunnelStep;
  count: number;
  /** Percentage of the step before, one decimal; null for the first step or after a 0. */
  conversion: number | null;
}

export interface FunnelFigures {
  /** The funnel for the period, with each step's count in the previous period and the change. */
  funnel: (FunnelStepDto & { previous: number; change: number | null })[];
  /** The same by channel (visitors by their first arrival of the period, the rest by the lead's first touch). */
  funnel_by_channel: { channel: string; steps: FunnelStepDto[] }[];
  /** The same by landing page, the ten with most visitors. */
  funnel_by_landing_page: { landing_page: string; steps: FunnelStepDto[] }[];
  /**
   * Questionnaire drop-off: per step, the visits that reached it, those that left there (the last step:
   * reached it and did not send), and the median seconds spent on it (null without a visit that moved on).
   */
  questionnaire_steps: {
    step: number;
    name: string | null;
    reached: number;
    left: number;
    median_seconds: number | null;
  }[];
  /** Won revenue of the period per channel and currency; `unparsed` deals add no amount. */
  revenue_by_channel: {
    channel: string;
    currency: string;
    initial: number;
    monthly: number;
    deals: number;
    unparsed: number;
  }[];
  /**
   * Won revenue per day of the period (business time zone) and currency, only days with a signature: the
   * same deals as revenue_by_channel, over time.
   */
  revenue_by_day: {
    date: string;
    currency: string;
    initial: number;
    monthly: number;
    deals: number;
    unparsed: number;
  }[];
}

// The reporting periods, for features that filter by the same periods (the CRM's lead list, the API description).
export { daysBetween, MAX_CUSTOM_DAYS, ZPeriodQuery } from "./periods";

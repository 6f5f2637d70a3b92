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

export const CONVERSION_CHANNELS = ["mainForm", "chatWidget", "camilaCalls", "other"] as const;
export type ConversionChannel = (typeof CONVERSION_CHANNELS)[number];

/** GET /api/analytics answer. Every figure is present; a period without data reads 0. */
export interface AnalyticsDashboard extends HeadlineFigures {
  range: Range;
  startDate: string;
  endDate: string;
  timeZone: string;
  previous: HeadlineFigures & { startDate: string; endDate: string };
  /** Percentage change against the previous period, one decimal; null when the previous figure is 0. */
  change: Record<keyof HeadlineFigures, number | null>;
  /** Share of visits (page views arriving from outside the site) by channel; percentages rounded down. */
  sources: { channel: Exclude<SourceChannel, "internal">; visits: number; percent: number }[];
  /** Conversions by channel; percentages of their sum, rounded down. */
  channels: { channel: ConversionChannel; count: number; percent: number }[];
  daily: { date: string; pageViews: number; visitors: number }[];
  /** The previous period day by day, for drawing it beside the current one (it may be a few days shorter or longer). */
  previousDaily: { date: string; pageViews: number; visitors: number }[];
  topPages: { path: string; views: number }[];
}

import "server-only";
import { serverEnv } from "@/lib/env";
import {
  CONVERSION_CHANNELS,
  HEADLINE_KEYS,
  LOST_FROM_STAGES,
  MAX_CAMPAIGN_ROWS,
  type CampaignRow,
  type LostFromStage,
  type LostReasonRow,
  type AnalyticsDashboard,
  type ConversionChannel,
  type HeadlineFigures,
} from "./dashboard.schema";
import {
  countSubmissionsBySource,
  listDailyTraffic,
  listTopPages,
  sumDailyCounts,
  sumRawCounts,
} from "./dashboard.repo";
import { SOURCE_CHANNELS } from "./events";
import { getFunnel } from "./funnel.service";
import { countLostDeals } from "./lost-reasons.repo";
import {
  selectCampaignCounts,
  selectCampaignRevenue,
  type CampaignCountRow,
  type CampaignRevenueRow,
} from "./campaigns.repo";
import { addDays, resolvePeriod, type DaySpan, type TPeriodQuery } from "./periods";

const TOP_PAGES = 10;
/** Lead sources by conversion channel; any other source is 'other'. */
const SOURCE_CHANNEL: Record<string, ConversionChannel> = {
  optin: "questionnaire",
  home_form: "contactForm",
  chat_widget: "chatWidget",
};

/** The dashboard's figures for a period and the one before it, as of `now`. */
export async function getDashboard(
  query: TPeriodQuery,
  { now = new Date(), timeZone = serverEnv().ANALYTICS_TIME_ZONE } = {},
): Promise<AnalyticsDashboard> {
  const period = resolvePeriod(query, now, timeZone);
  const [
    current,
    previous,
    daily,
    previousDaily,
    topPages,
    funnel,
    lost,
    campaigns,
    campaignRevenue,
  ] = await Promise.all([
    loadSpan(period),
    loadSpan(period.previous),
    listDailyTraffic(period.firstDay, period.lastDay),
    listDailyTraffic(period.previous.firstDay, period.previous.lastDay),
    listTopPages(period.firstDay, period.lastDay, TOP_PAGES),
    getFunnel(period, timeZone),
    countLostDeals(period.start, period.end),
    selectCampaignCounts(period.start, period.end),
    selectCampaignRevenue(period.start, period.end),
  ]);

  // The funnel's first step is the span's distinct visitors (each counted once, at its first arrival):
  // the same count the headline shows, so it is read once, from the same rollup rows.
  const visitors = funnel.funnel.find((row) => row.step === "visitors");
  current.figures.uniqueTraffic = visitors?.count ?? 0;
  previous.figures.uniqueTraffic = visitors?.previous ?? 0;

  const change = Object.fromEntries(
    HEADLINE_KEYS.map((key) => [key, percentChange(current.figures[key], previous.figures[key])]),
  ) as AnalyticsDashboard["change"];

  const visitsByChannel = SOURCE_CHANNELS.map((channel) => ({
    channel,
    visits: current.visitsByChannel.get(channel) ?? 0,
  }));
  const totalVisits = visitsByChannel.reduce((sum, row) => sum + row.visits, 0);

  const conversions: Record<ConversionChannel, number> = {
    questionnaire: 0,
    contactForm: 0,
    chatWidget: 0,
    camilaCalls: current.figures.camilaClicks,
    other: 0,
  };
  for (const { source, count } of current.submissions)
    conversions[SOURCE_CHANNEL[source] ?? "other"] += count;
  const totalConversions = CONVERSION_CHANNELS.reduce(
    (sum, channel) => sum + conversions[channel],
    0,
  );

  return {
    range: period.range,
    startDate: period.firstDay,
    endDate: period.lastDay,
    timeZone,
    ...current.figures,
    previous: {
      startDate: period.previous.firstDay,
      endDate: period.previous.lastDay,
      until: period.previous.partialLastDay?.until.toISOString() ?? null,
      ...previous.figures,
    },
    change,
    sources: visitsByChannel.map((row) => ({
      ...row,
      percent: flooredPercent(row.visits, totalVisits),
    })),
    // Only channels that converted: a row that cannot move would only mislead.
    channels: CONVERSION_CHANNELS.filter((channel) => conversions[channel] > 0).map((channel) => ({
      channel,
      count: conversions[channel],
      percent: flooredPercent(conversions[channel], totalConversions),
    })),
    daily: everyDay(period.firstDay, period.days, daily),
    previousDaily: everyDay(period.previous.firstDay, period.previous.days, previousDaily),
    topPages,
    ...funnel,
    lost_reasons: lostReasonRows(lost),
    campaigns: campaignRows(campaigns, campaignRevenue),
  };
}

/** The campaigns table: counts and won revenue per campaign, most visitors first (then leads, signed, name). */
function campaignRows(counts: CampaignCountRow[], revenue: CampaignRevenueRow[]): CampaignRow[] {
  const keyOf = (row: { campaign: string; source: string; medium: string }) =>
    JSON.stringify([row.campaign, row.source, row.medium]);
  const rows = new Map<string, CampaignRow>();
  const rowOf = (key: { campaign: string; source: string; medium: string }) => {
    const existing = rows.get(keyOf(key));
    if (existing) return existing;
    const row: CampaignRow = {
      utm_campaign: key.campaign,
      utm_source: key.source || null,
      utm_medium: key.medium || null,
      visitors: 0,
      questionnaire_started: 0,
      leads: 0,
      meetings_booked: 0,
      proposals_shared: 0,
      signed: 0,
      revenue: [],
    };
    rows.set(keyOf(key), row);
    return row;
  };
  for (const count of counts)
    Object.assign(rowOf(count), {
      visitors: count.visitors,
      questionnaire_started: count.starters,
      leads: count.leads,
      meetings_booked: count.booked,
      proposals_shared: count.shared,
      signed: count.signed,
    });
  for (const money of revenue)
    rowOf(money).revenue.push({
      currency: money.currency,
      initial: money.initial,
      monthly: money.monthly,
    });
  return [...rows.values()]
    .sort(
      (a, b) =>
        b.visitors - a.visitors ||
        b.leads - a.leads ||
        b.signed - a.signed ||
        a.utm_campaign.localeCompare(b.utm_campaign) ||
        (a.utm_source ?? "").localeCompare(b.utm_source ?? "") ||
        (a.utm_medium ?? "").localeCompare(b.utm_medium ?? ""),
    )
    .slice(0, MAX_CAMPAIGN_ROWS);
}

/** Lost deals by reason, most first (ties by reason), each with the stages they left. */
function lostReasonRows(
  rows: { reason: string | null; fromStage: string | null; deals: number }[],
): LostReasonRow[] {
  const byReason = new Map<string | null, LostReasonRow>();
  for (const { reason, fromStage, deals } of rows) {
    const row = byReason.get(reason) ?? {
      reason,
      count: 0,
      from_stage: Object.fromEntries(LOST_FROM_STAGES.map((stage) => [stage, 0])) as Record<
        LostFromStage,
        number
      >,
    };
    row.count += deals;
    if ((LOST_FROM_STAGES as readonly (string | null)[]).includes(fromStage))
      row.from_stage[fromStage as LostFromStage] += deals;
    byReason.set(reason, row);
  }
  return [...byReason.values()].sort(
    (a, b) => b.count - a.count || (a.reason ?? "~").localeCompare(b.reason ?? "~"),
  );
}

/** One entry per day from `firstDay`, with zeros for days that had no traffic. */
function everyDay(
  firstDay: string,
  days: number,
  rows: { day: string; pageViews: number; visitors: number }[],
): AnalyticsDashboard["daily"] {
  const byDate = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(firstDay, index);
    const row = byDate.get(date);
    return { date, pageViews: row?.pageViews ?? 0, visitors: row?.visitors ?? 0 };
  });
}

/**
 * Whole days from the rollups; a span cut short reads its last, partial day from the raw events.
 * Distinct visitors are left at 0 here: they come from the funnel (see getDashboard).
 */
async function loadSpan(span: DaySpan) {
  const partial = span.partialLastDay;
  const lastWholeDay = partial ? addDays(span.lastDay, -1) : span.lastDay;
  const [wholeCounts, partialCounts, submissions] = await Promise.all([
    sumDailyCounts(span.firstDay, lastWholeDay),
    partial ? sumRawCounts(partial.start, partial.until) : Promise.resolve([]),
    countSubmissionsBySource(span.start, partial?.until ?? span.end),
  ]);
  const counts = [...wholeCounts, ...partialCounts];
  const sumOf = (eventType: string) =>
    counts.filter((row) => row.eventType === eventType).reduce((sum, row) => sum + row.events, 0);
  const visitsByChannel = new Map<string, number>();
  for (const row of counts)
    if (row.eventType === "page_view")
      visitsByChannel.set(
        row.sourceChannel,
        (visitsByChannel.get(row.sourceChannel) ?? 0) + row.events,
      );
  const figures: HeadlineFigures = {
    totalTraffic: sumOf("page_view"),
    uniqueTraffic: 0,
    totalOptins: submissions.reduce((sum, row) => sum + row.count, 0),
    camilaClicks: sumOf("camila_click"),
  };
  return { figures, visitsByChannel, submissions };
}

/** Change from `previous` to `current` in percent, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function flooredPercent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part * 100) / whole);
}

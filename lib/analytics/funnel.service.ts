import "server-only";
import { selectCampaignLeadIds } from "./campaigns.repo";
import {
  FUNNEL_STEPS,
  type FunnelFigures,
  type FunnelStepDto,
  type LeadFunnelStep,
} from "./dashboard.schema";
import { QUESTIONNAIRE_STEP_COUNT } from "./events";
import {
  selectFunnelCounts,
  selectFunnelLeadIds,
  selectRevenueByChannel,
  selectRevenueByDay,
  selectStepTimings,
  selectStepVisits,
  type FunnelCountRow,
} from "./funnel.repo";
import { resolvePeriod, type Period } from "./periods";

const TOP_LANDING_PAGES = 10;
/** Channels in the dashboard's order; 'unknown' (no attribution) last. */
const CHANNEL_ORDER = ["organic", "direct", "social", "referral", "unknown"];

/** Step conversion: this step's count as a percentage of the step before, one decimal; null after a 0. */
function stepsOf(counts: Map<string, number>): FunnelStepDto[] {
  return FUNNEL_STEPS.map((step, index) => {
    const count = counts.get(step) ?? 0;
    const before = index === 0 ? null : (counts.get(FUNNEL_STEPS[index - 1]!) ?? 0);
    return {
      step,
      count,
      conversion: before ? Math.round((count / before) * 1000) / 10 : null,
    };
  });
}

function sumBy(rows: FunnelCountRow[], keyOf: (row: FunnelCountRow) => string) {
  const groups = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const key = keyOf(row);
    const counts = groups.get(key) ?? new Map<string, number>();
    counts.set(row.step, (counts.get(row.step) ?? 0) + row.count);
    groups.set(key, counts);
  }
  return groups;
}

function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The sales funnel for the period, its previous period, and its split by channel and landing page. */
export async function getFunnel(period: Period, timeZone: string): Promise<FunnelFigures> {
  const [current, previous, revenue, revenueByDay, stepVisits, stepTimings] = await Promise.all([
    selectFunnelCounts(period),
    selectFunnelCounts(period.previous),
    selectRevenueByChannel(period.start, period.end),
    selectRevenueByDay(period.start, period.end, timeZone),
    selectStepVisits(period.start, period.end),
    selectStepTimings(period.start, period.end, QUESTIONNAIRE_STEP_COUNT),
  ]);
  const total = sumBy(current, () => "all").get("all") ?? new Map<string, number>();
  const previousTotal = sumBy(previous, () => "all").get("all") ?? new Map<string, number>();

  const byChannel = sumBy(current, (row) => row.channel);
  const channels = [...byChannel.keys()].sort(
    (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const byPage = sumBy(current, (row) => row.landingPage);
  const pages = [...byPage.entries()]
    .sort(
      ([a, x], [b, y]) => (y.get("visitors") ?? 0) - (x.get("visitors") ?? 0) || (a < b ? -1 : 1),
    )
    .slice(0, TOP_LANDING_PAGES);

  return {
    funnel: stepsOf(total).map((row) => {
      const before = previousTotal.get(row.step) ?? 0;
      return { ...row, previous: before, change: percentChange(row.count, before) };
    }),
    funnel_by_channel: channels.map((channel) => ({
      channel,
      steps: stepsOf(byChannel.get(channel)!),
    })),
    funnel_by_landing_page: pages.map(([landing_page, counts]) => ({
      landing_page,
      steps: stepsOf(counts),
    })),
    questionnaire_steps: Array.from({ length: QUESTIONNAIRE_STEP_COUNT }, (_, index) => {
      const step = index + 1;
      const timing = stepTimings.find((row) => row.step === step);
      return {
        step,
        name: timing?.name ?? null,
        reached: stepVisits
          .filter((row) => row.maxStep >= step)
          .reduce((sum, row) => sum + row.visits, 0),
        left: stepVisits
          .filter((row) => row.maxStep === step && !row.isCompleted)
          .reduce((sum, row) => sum + row.visits, 0),
        median_seconds: timing?.medianSeconds ?? null,
      };
    }),
    revenue_by_channel: revenue
      .sort((a, b) => rank(a.channel) - rank(b.channel) || (a.currency < b.currency ? -1 : 1))
      .map((row) => ({ ...row })),
    revenue_by_day: revenueByDay,
  };
}

/**
 * The ids of the leads behind one figure of the dashboard: a step of the funnel over local days
 * from..to, optionally of one channel or landing page (or, for signed, one currency of won revenue).
 */
export function listFunnelLeadIds(
  filter: {
    step: LeadFunnelStep;
    from: string;
    to: string;
    channel?: string;
    landingPage?: string;
    currency?: string;
    /** A row of the campaigns table: its tags as the lead's first touch carried them ("" for none). */
    campaign?: { campaign: string; source: string; medium: string };
  },
  timeZone: string,
): Promise<string[]> {
  const period = resolvePeriod(
    { range: "custom", startDate: filter.from, endDate: filter.to },
    new Date(),
    timeZone,
  );
  if (filter.campaign)
    return selectCampaignLeadIds({
      step: filter.step,
      start: period.start,
      end: period.end,
      ...filter.campaign,
    });
  return selectFunnelLeadIds({
    step: filter.step,
    start: period.start,
    end: period.end,
    channel: filter.channel,
    landingPage: filter.landingPage,
    currency: filter.currency,
  });
}

function rank(channel: string): number {
  const index = CHANNEL_ORDER.indexOf(channel);
  return index === -1 ? CHANNEL_ORDER.length : index;
}

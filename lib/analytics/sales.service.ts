import "server-only";
import { serverEnv } from "@/lib/env";
import { appError } from "@/lib/http/server-message";
import { proposalFigures, ZStoredInvestment } from "@/lib/money/amounts";
import { readStageProbability } from "@/lib/settings/settings.service";
import type { TStageProbability } from "@/lib/settings/stage-probability";
import { roleAtLeast, type StaffRole } from "@/lib/staff/staff-access.service";
import { localDay, resolvePeriod, startOfLocalDay, type TPeriodQuery } from "./periods";
import {
  selectOpenDealsByCloseMonth,
  selectOwnerActivities,
  selectOwnerCounts,
  selectOwnerNames,
  selectSignedByMonth,
  selectWonMoney,
  type OpenDealGroupRow,
} from "./sales.repo";
import { selectForecastAtStart } from "./forecast-snapshot.repo";
import {
  HUMAN_ACTIVITY_TYPES,
  type ForecastDto,
  type HumanActivityType,
  type SalesOwnerRowDto,
  type SalesReportDto,
  type TForecastQuery,
} from "./sales.schema";

/** Who is asking: managers and owners see everyone; a salesperson only their own leads. */
export interface SalesViewer {
  accountId: string;
  role: StaffRole;
}

const round2 = (amount: number) => Math.round(amount * 100) / 100;
const round1 = (amount: number) => Math.round(amount * 10) / 10;
/** The amount the open pipeline and the forecast add up: the deal's first year. */
const firstYear = (initial: number, monthly: number) => round2(initial + 12 * monthly);
const NONE = "none";

/** GET /api/analytics/sales: the period's figures per owner and for unassigned leads. */
export async function getSalesReport(
  query: TPeriodQuery,
  viewer: SalesViewer,
  { now = new Date(), timeZone = serverEnv().ANALYTICS_TIME_ZONE } = {},
): Promise<SalesReportDto> {
  const period = resolvePeriod(query, now, timeZone);
  const only = roleAtLeast(viewer.role, "manager") ? null : viewer.accountId;
  const [counts, activities, won, open, probability] = await Promise.all([
    selectOwnerCounts(period.start, period.end, only),
    selectOwnerActivities(period.start, period.end, only),
    selectWonMoney(period.start, period.end, only),
    selectOpenDealsByCloseMonth(only, timeZone, DEFAULT_CLOSE_DAYS),
    readStageProbability(),
  ]);

  const rows = new Map<string, SalesOwnerRowDto>();
  const rowOf = (ownerId: string | null) => {
    const key = ownerId ?? NONE;
    let row = rows.get(key);
    if (!row) {
      row = {
        owner: ownerId === null ? null : { id: ownerId, name: "" },
        new_leads: 0,
        first_response_minutes_median: null,
        activities: Object.fromEntries(HUMAN_ACTIVITY_TYPES.map((type) => [type, 0])) as Record<
          HumanActivityType,
          number
        >,
        proposals_shared: 0,
        proposals_signed: 0,
        won: [],
        win_rate: null,
        days_to_win_median: null,
        open: [],
      };
      rows.set(key, row);
    }
    return row;
  };

  if (only) rowOf(only);
  else rowOf(null);
  for (const count of counts) {
    const row = rowOf(count.ownerId);
    row.new_leads = count.newLeads;
    row.first_response_minutes_median =
      count.firstResponseMinutesMedian === null ? null : round1(count.firstResponseMinutesMedian);
    row.proposals_shared = count.proposalsShared;
    row.proposals_signed = count.proposalsSigned;
    const closed = count.won + count.lost;
    row.win_rate = closed === 0 ? null : round1((count.won * 100) / closed);
    row.days_to_win_median = count.daysToWinMedian === null ? null : round1(count.daysToWinMedian);
  }
  for (const activity of activities)
    rowOf(activity.ownerId).activities[activity.type as HumanActivityType] = activity.count;
  for (const money of won)
    rowOf(money.ownerId).won.push({
      currency: money.currency,
      initial: round2(money.initial),
      monthly: round2(money.monthly),
      deals: money.deals,
    });

  const openSums = new Map<string, Map<string, { value: number; weighted: number }>>();
  for (const group of open) {
    const value = valueOfGroup(group);
    if (!value) continue;
    const key = group.ownerId ?? NONE;
    rowOf(group.ownerId);
    const byCurrency = openSums.get(key) ?? new Map<string, { value: number; weighted: number }>();
    const sum = byCurrency.get(value.currency) ?? { value: 0, weighted: 0 };
    sum.value += value.amount;
    sum.weighted += weightedOf(value.amount, group.stage, probability);
    byCurrency.set(value.currency, sum);
    openSums.set(key, byCurrency);
  }
  for (const [key, byCurrency] of openSums)
    rows.get(key)!.open = [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sum]) => ({
        currency,
        value: round2(sum.value),
        weighted: round2(sum.weighted),
      }));

  const names = await selectOwnerNames(
    [...rows.values()].flatMap((row) => (row.owner ? [row.owner.id] : [])),
  );
  // Active salespeople are listed even in a period without figures, so a quiet month shows as such.
  if (!only) for (const account of names) if (account.isListed) rowOf(account.id);
  const nameOf = new Map(names.map((account) => [account.id, account.name]));
  for (const row of rows.values()) {
    row.won.sort((a, b) => a.currency.localeCompare(b.currency));
    if (row.owner) row.owner.name = nameOf.get(row.owner.id) ?? "";
  }
  return {
    owners: [...rows.values()].sort((a, b) =>
      a.owner === null ? 1 : b.owner === null ? -1 : a.owner.name.localeCompare(b.owner.name),
    ),
  };
}

/** The first-year value a proposal's investment section (as stored) gives a deal; null when unreadable. */
function investmentValue(investment: unknown): { currency: string; amount: number } | null {
  const parsed = ZStoredInvestment.safeParse({ investment });
  const figures = parsed.success ? proposalFigures(parsed.data) : null;
  if (!figures || figures.initial === null || figures.monthly === null) return null;
  return { currency: figures.currency, amount: firstYear(figures.initial, figures.monthly) };
}

/**
 * A group of open deals' first-year value: their current proposal's figures (the same section, once per deal),
 * else the sum of their values set by hand; null when unreadable.
 */
function valueOfGroup(group: OpenDealGroupRow): { currency: string; amount: number } | null {
  if (group.manual) return group.manual;
  const each = investmentValue(group.investment);
  return each && { currency: each.currency, amount: each.amount * group.deals };
}

function weightedOf(amount: number, stage: string, probability: TStageProbability): number {
  return (amount * (probability[stage as keyof TStageProbability] ?? 0)) / 100;
}

// ---- Forecast ---------------------------------------------------------------------------------

/**
 * Days from entering a stage to the expected close when nobody set one and no proposal dates it (the rule itself
 * is applied in SQL: sales.repo.ts selectOpenDealsByCloseMonth).
 */
export const DEFAULT_CLOSE_DAYS: Record<string, number> = {
  Qualification: 90,
  Discovery: 60,
  Proposal: 30,
  Negotiation: 14,
};

const monthOf = (day: string) => day.slice(0, 7);
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The forecast's months as of `now`: `past` months before the current quarter, then the current quarter and
 * the next; `[start, end)` are the instants they cover in `timeZone`.
 */
export function forecastWindow(now: Date, timeZone: string, past = 0) {
  const currentMonth = monthOf(localDay(now, timeZone));
  const [year, mon] = currentMonth.split("-").map(Number) as [number, number];
  const quarterStart = `${year}-${String(Math.floor((mon - 1) / 3) * 3 + 1).padStart(2, "0")}`;
  const firstMonth = addMonths(quarterStart, -past);
  const months = Array.from({ length: past + 6 }, (_, index) => addMonths(firstMonth, index));
  return {
    currentMonth,
    months,
    start: startOfLocalDay(`${firstMonth}-01`, timeZone),
    end: startOfLocalDay(`${addMonths(quarterStart, 6)}-01`, timeZone),
  };
}

export interface ForecastFigures {
  committed: number;
  weighted: number;
  best_case: number;
}

/**
 * The forecast's cells (month → currency → figures) from what was signed and the open deals: committed is
 * what was signed in the month; weighted adds the open deals expected then × their stage's probability, best
 * case adds them whole. A deal expected in a month already past counts in the current one. Shared by the API
 * and the daily snapshot, so what is recorded is what the table showed that day. `open` comes grouped by close
 * month and stage (selectOpenDealsByCloseMonth).
 */
export function forecastCells(
  months: string[],
  currentMonth: string,
  signed: { month: string; currency: string; initial: number; monthly: number }[],
  open: OpenDealGroupRow[],
  probability: TStageProbability,
): Map<string, Map<string, ForecastFigures>> {
  const cells = new Map<string, Map<string, ForecastFigures>>(
    months.map((month) => [month, new Map()]),
  );
  const cellOf = (month: string, currency: string) => {
    const byCurrency = cells.get(month)!;
    const cell = byCurrency.get(currency) ?? { committed: 0, weighted: 0, best_case: 0 };
    byCurrency.set(currency, cell);
    return cell;
  };
  for (const row of signed) {
    if (!cells.has(row.month)) continue;
    const amount = firstYear(row.initial, row.monthly);
    const cell = cellOf(row.month, row.currency);
    cell.committed += amount;
    cell.weighted += amount;
    cell.best_case += amount;
  }
  for (const group of open) {
    const value = valueOfGroup(group);
    if (!value) continue;
    const month = group.month < currentMonth ? currentMonth : group.month;
    if (!cells.has(month)) continue;
    const cell = cellOf(month, value.currency);
    cell.weighted += weightedOf(value.amount, group.stage, probability);
    cell.best_case += value.amount;
  }
  for (const byCurrency of cells.values())
    for (const cell of byCurrency.values()) {
      cell.committed = round2(cell.committed);
      cell.weighted = round2(cell.weighted);
      cell.best_case = round2(cell.best_case);
    }
  return cells;
}

/**
 * GET /api/analytics/forecast: `past` months before the current quarter, the current quarter and the next,
 * month by month (docs/product.md#forecast). A month that has begun also gets `actual` (what was signed in
 * it) and `forecast`: what the forecast said for it at its start, from the daily snapshots.
 */
export async function getForecast(
  query: TForecastQuery,
  viewer: SalesViewer,
  { now = new Date(), timeZone = serverEnv().ANALYTICS_TIME_ZONE } = {},
): Promise<ForecastDto> {
  const isManager = roleAtLeast(viewer.role, "manager");
  const requested = query.owner === "me" ? viewer.accountId : (query.owner ?? null);
  if (!isManager && requested !== null && requested !== viewer.accountId)
    throw appError("forbidden", "roleForbids");
  const ownerId = isManager ? requested : viewer.accountId;

  const { currentMonth, months, start, end } = forecastWindow(now, timeZone, query.past ?? 0);
  const begun = months.filter((month) => month <= currentMonth);
  const [signed, open, probability, atStart] = await Promise.all([
    selectSignedByMonth(start, end, ownerId, timeZone),
    selectOpenDealsByCloseMonth(ownerId, timeZone, DEFAULT_CLOSE_DAYS),
    readStageProbability(),
    selectForecastAtStart(begun, ownerId),
  ]);
  const cells = forecastCells(months, currentMonth, signed, open, probability);
  const snapshotOf = new Map(atStart.map((row) => [row.month, row]));
  return {
    months: months.map((month) => {
      const snapshot = month <= currentMonth ? snapshotOf.get(month) : undefined;
      const current = cells.get(month)!;
      // A currency forecast at the start and never signed still shows, with its actual of 0.
      for (const figure of snapshot?.perCurrency ?? [])
        if (!current.has(figure.currency))
          current.set(figure.currency, { committed: 0, weighted: 0, best_case: 0 });
      return {
        month,
        per_currency: [...current.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, cell]) => {
            const then = snapshot?.perCurrency.find((figure) => figure.currency === currency);
            return {
              currency,
              ...cell,
              ...(month <= currentMonth ? { actual: cell.committed } : {}),
              ...(snapshot
                ? {
                    forecast: {
                      taken_on: snapshot.takenOn,
                      committed: round2(then?.committed ?? 0),
                      weighted: round2(then?.weighted ?? 0),
                      best_case: round2(then?.bestCase ?? 0),
                    },
                  }
                : {}),
            };
          }),
      };
    }),
  };
}

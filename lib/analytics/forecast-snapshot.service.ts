import "server-only";
import { serverEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { readStageProbability } from "@/lib/settings/settings.service";
import { localDay } from "./periods";
import {
  insertForecastSnapshot,
  selectSignedByMonthPerOwner,
  type SnapshotFigureRow,
} from "./forecast-snapshot.repo";
import { selectOpenDealsByCloseMonth, type OpenDealGroupRow } from "./sales.repo";
import { DEFAULT_CLOSE_DAYS, forecastCells, forecastWindow } from "./sales.service";

export const FORECAST_SNAPSHOT_JOB = "analytics.forecast-snapshot";

/**
 * Records what the forecast says today, per owner (null: unassigned), month and currency: the same cells
 * GET /api/analytics/forecast shows for each owner. One snapshot per business day (a second run that day
 * keeps the first); returns the day and whether this run wrote it.
 */
export async function takeForecastSnapshot({
  now = new Date(),
  timeZone = serverEnv().ANALYTICS_TIME_ZONE,
} = {}): Promise<{ takenOn: string; written: boolean; figures: number }> {
  const takenOn = localDay(now, timeZone);
  const { currentMonth, months, start, end } = forecastWindow(now, timeZone);
  const [signed, open, probability] = await Promise.all([
    selectSignedByMonthPerOwner(start, end, timeZone),
    selectOpenDealsByCloseMonth(null, timeZone, DEFAULT_CLOSE_DAYS),
    readStageProbability(),
  ]);

  const NONE = "none";
  const owners = new Map<string, { signed: typeof signed; open: OpenDealGroupRow[] }>();
  const groupOf = (ownerId: string | null) => {
    const key = ownerId ?? NONE;
    const group = owners.get(key) ?? { signed: [], open: [] };
    owners.set(key, group);
    return group;
  };
  for (const row of signed) groupOf(row.ownerId).signed.push(row);
  for (const deal of open) groupOf(deal.ownerId).open.push(deal);

  const figures: SnapshotFigureRow[] = [];
  for (const [key, group] of owners)
    for (const [month, byCurrency] of forecastCells(
      months,
      currentMonth,
      group.signed,
      group.open,
      probability,
    ))
      for (const [currency, cell] of byCurrency)
        figures.push({
          month,
          ownerId: key === NONE ? null : key,
          currency,
          committed: cell.committed,
          weighted: cell.weighted,
          bestCase: cell.best_case,
        });

  const written = await insertForecastSnapshot(
    takenOn,
    { first: months[0]!, last: months[months.length - 1]! },
    figures,
  );
  return { takenOn, written, figures: figures.length };
}

export const forecastSnapshotHandler: JobHandler = {
  async run() {
    return takeForecastSnapshot();
  },
};

/**
 * Enqueues today's snapshot (one job per business day, however many instances ask), due at once: the first
 * worker round of a day records it, so the first day of a month holds the forecast at the month's start.
 */
export async function scheduleForecastSnapshot(now = new Date()): Promise<void> {
  await enqueueJob({
    kind: FORECAST_SNAPSHOT_JOB,
    key: `forecast-snapshot:${localDay(now, serverEnv().ANALYTICS_TIME_ZONE)}`,
    runAt: now,
    maxAttempts: 5,
  });
}

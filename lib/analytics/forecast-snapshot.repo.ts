import "server-only";
import { db, inTransaction, sqlQuery, type DbClient } from "@/lib/db";

// The forecast's snapshots (docs/product.md#forecast): what the forecast said on a day, so a month that has
// begun can show what was forecast for it against what was won. Written by the daily job
// (forecast-snapshot.service.ts), read by GET /api/analytics/forecast.

export interface SnapshotFigureRow {
  month: string;
  /** The lead's owner on the day of the snapshot; null: unassigned. */
  ownerId: string | null;
  currency: string;
  committed: number;
  weighted: number;
  bestCase: number;
}

/**
 * Records one day's snapshot: the run (the day and the months it covers) and its figures, in one
 * transaction. A day already recorded is left as it was (false): the first snapshot of a day is the one kept,
 * so a job that runs twice changes nothing.
 */
export async function insertForecastSnapshot(
  takenOn: string,
  months: { first: string; last: string },
  figures: SnapshotFigureRow[],
  client: DbClient = db,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const created = await tx.$executeRaw`
      INSERT INTO forecast_snapshot_runs (taken_on, first_month, last_month)
      VALUES (${takenOn}::date, ${months.first}, ${months.last})
      ON CONFLICT (taken_on) DO NOTHING`;
    if (created === 0) return false;
    if (figures.length > 0)
      await tx.forecastSnapshot.createMany({
        data: figures.map((figure) => ({
          takenOn: new Date(`${takenOn}T00:00:00Z`),
          month: figure.month,
          ownerId: figure.ownerId,
          currency: figure.currency,
          committed: figure.committed,
          weighted: figure.weighted,
          bestCase: figure.bestCase,
        })),
      });
    return true;
  }, client);
}

export interface ForecastAtStartRow {
  month: string;
  /** YYYY-MM-DD: the snapshot the figures come from. */
  takenOn: string;
  /** Per currency; empty when the snapshot forecast nothing for the month (and owner). */
  perCurrency: { currency: string; committed: number; weighted: number; bestCase: number }[];
}

/**
 * For each month, what the forecast said at its start: the latest snapshot taken on or before the month's
 * first day among those that covered the month, summed over every owner (or one owner's figures). A month
 * without such a snapshot is absent.
 */
export async function selectForecastAtStart(
  months: string[],
  ownerId: string | null,
): Promise<ForecastAtStartRow[]> {
  const { rows } = await sqlQuery<{
    month: string;
    taken_on: string;
    currency: string | null;
    committed: string | null;
    weighted: string | null;
    best_case: string | null;
  }>(
    `WITH chosen AS (
       SELECT DISTINCT ON (m.month) m.month, r.taken_on
         FROM unnest($1::text[]) AS m(month)
         JOIN forecast_snapshot_runs r
           ON r.taken_on <= (m.month || '-01')::date AND r.first_month <= m.month AND r.last_month >= m.month
        ORDER BY m.month, r.taken_on DESC
     )
     SELECT c.month, to_char(c.taken_on, 'YYYY-MM-DD') AS taken_on, s.currency,
            sum(s.committed) AS committed, sum(s.weighted) AS weighted, sum(s.best_case) AS best_case
       FROM chosen c
       LEFT JOIN forecast_snapshots s
         ON s.taken_on = c.taken_on AND s.month = c.month AND ($2::uuid IS NULL OR s.owner_id = $2::uuid)
      GROUP BY c.month, c.taken_on, s.currency
      ORDER BY c.month, s.currency`,
    [months, ownerId],
  );
  const byMonth = new Map<string, ForecastAtStartRow>();
  for (const row of rows) {
    const entry = byMonth.get(row.month) ?? {
      month: row.month,
      takenOn: row.taken_on,
      perCurrency: [],
    };
    byMonth.set(row.month, entry);
    if (row.currency !== null)
      entry.perCurrency.push({
        currency: row.currency,
        committed: Number(row.committed),
        weighted: Number(row.weighted),
        bestCase: Number(row.best_case),
      });
  }
  return [...byMonth.values()];
}

/**
 * Revenue signed per local month, currency and the lead's current owner over [start, end): the snapshot's
 * committed figure for every owner at once (the same rule as sales.repo.ts selectSignedByMonth, grouped by
 * owner; a signature without a lead counts as unassigned).
 */
export async function selectSignedByMonthPerOwner(
  start: Date,
  end: Date,
  timeZone: string,
): Promise<
  { ownerId: string | null; month: string; currency: string; initial: number; monthly: number }[]
> {
  const { rows } = await sqlQuery<{
    owner_id: string | null;
    month: string;
    currency: string;
    initial: string;
    monthly: string;
  }>(
    `SELECT l.owner_id, to_char(s.signed_at AT TIME ZONE $3, 'YYYY-MM') AS month, s.revenue_currency AS currency,
            coalesce(sum(s.revenue_initial), 0) AS initial, coalesce(sum(s.revenue_monthly), 0) AS monthly
       FROM proposal_signatures s JOIN proposals p ON p.id = s.proposal_id
       LEFT JOIN leads l ON l.id = p.lead_id
      WHERE s.signed_at >= $1 AND s.signed_at < $2 AND s.revenue_currency IS NOT NULL
      GROUP BY 1, 2, 3`,
    [start, end, timeZone],
  );
  return rows.map((row) => ({
    ownerId: row.owner_id,
    month: row.month,
    currency: row.currency,
    initial: Number(row.initial),
    monthly: Number(row.monthly),
  }));
}

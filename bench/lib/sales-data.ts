// Generated CRM history for the sales and forecast benches (issue 37): `leads` leads over the last `spanDays`
// days for eight salespeople and the unassigned, `activities` human activities (note, call, e-mail, meeting)
// spread over them, a stage change into each Won or Lost lead, and a value set by hand on two thirds of the
// leads in two currencies. Written straight in SQL (generate_series), deterministic for a given size and clock.
import type pg from "pg";

export const SALES_OWNERS = 8;

export async function generateSalesData(
  client: pg.Client,
  {
    leads,
    activities,
    now,
    spanDays = 365,
  }: { leads: number; activities: number; now: Date; spanDays?: number },
): Promise<void> {
  await client.query(
    `INSERT INTO staff_accounts (id, name, email, role, updated_at)
     SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Seller ' || n,
            'seller' || n || '@bench.example', 'sales', now()
       FROM generate_series(1, $1::int) n ON CONFLICT DO NOTHING`,
    [SALES_OWNERS],
  );
  // Stage by lead number: a third open (spread over the four open stages), a third won, a third lost, so the
  // won, lost and open figures all have work to do. Every ninth lead is unassigned.
  await client.query(
    `INSERT INTO leads (id, name, stage, owner_id, created_at, updated_at, expected_close)
     SELECT ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Lead ' || n,
            (CASE n % 6 WHEN 0 THEN 'Qualification' WHEN 1 THEN 'Discovery' WHEN 2 THEN 'Won'
                        WHEN 3 THEN 'Lost' WHEN 4 THEN 'Proposal' ELSE CASE WHEN n % 12 = 5 THEN 'Negotiation' ELSE 'Won' END END)::"LeadStage",
            CASE WHEN n % 9 = 0 THEN NULL
                 ELSE ('00000000-0000-4000-8000-' || lpad((1 + n % $2::int)::text, 12, '0'))::uuid END,
            $3::timestamptz - ((n::bigint * 7919) % ($4::int * 1440)) * interval '1 minute',
            $3::timestamptz,
            CASE WHEN n % 4 = 0 THEN ($3::timestamptz + ((n % 180) - 30) * interval '1 day')::date END
       FROM generate_series(1, $1::int) n`,
    [leads, SALES_OWNERS, now, spanDays],
  );
  await client.query(
    `INSERT INTO activities (id, lead_id, type, content, actor, detail, created_at)
     SELECT gen_random_uuid(), l.id, 'stage_change', 'Negotiation → ' || l.stage,
            'bench', jsonb_build_object('from', 'Negotiation', 'to', l.stage::text) ||
              CASE WHEN l.stage = 'Lost' THEN jsonb_build_object('reason', 'price') ELSE '{}'::jsonb END,
            least($1::timestamptz, l.created_at + interval '9 days')
       FROM leads l WHERE l.stage IN ('Won', 'Lost') AND l.name LIKE 'Lead %'`,
    [now],
  );
  await client.query(
    `INSERT INTO activities (id, lead_id, type, content, actor, created_at)
     SELECT gen_random_uuid(), ('10000000-0000-4000-8000-' || lpad((1 + (n::bigint * 104729) % $2::int)::text, 12, '0'))::uuid,
            (ARRAY['note', 'call', 'email', 'meeting'])[1 + n % 4], 'x', 'bench',
            $3::timestamptz - ((n::bigint * 15485863) % ($4::int * 1440)) * interval '1 minute'
       FROM generate_series(1, $1::int) n`,
    [activities, leads, now, spanDays],
  );
  await client.query(
    `INSERT INTO lead_manual_values (lead_id, currency, initial, monthly, updated_at)
     SELECT l.id, CASE WHEN n % 2 = 0 THEN 'USD' ELSE 'EUR' END, 500 + (n * 37) % 20000, (n * 13) % 900, now()
       FROM generate_series(1, $1::int) n
       JOIN leads l ON l.id = ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid
      WHERE n % 3 <> 0`,
    [leads],
  );
  await client.query(`ANALYZE leads; ANALYZE activities; ANALYZE lead_manual_values`);
}

/** One owner's figures as GET /api/analytics/sales gives them (rounded the same way). */
export interface PlainOwnerFigures {
  new_leads: number;
  first_response_minutes_median: number | null;
  activities: Record<string, number>;
  proposals_shared: number;
  proposals_signed: number;
  win_rate: number | null;
  days_to_win_median: number | null;
  /** currency → won initial, monthly and deals. */
  won: Map<string, { initial: number; monthly: number; deals: number }>;
  /** currency → open first-year value and weighted value. */
  open: Map<string, { value: number; weighted: number }>;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Every figure of the sales table for [start, end), written from the rules in docs/product.md#per-salesperson
 * as plain SQL (one statement per group of figures, none of the app's queries): per owner, new leads and the
 * median first response, human activities by type, proposals shared and signed, won and lost deals (the time a
 * lead entered its stage: its latest stage change into it, else its creation) with the win rate and median days
 * to win, won revenue (the latest signature's amounts, else the value set by hand) and the open pipeline with
 * its weighted value. `probability` is the stage probability the app reads (its defaults in the bench).
 * The bench generates no proposals, so open deals are valued from their value set by hand; a deal with a
 * current proposal is left out here (the app reads that proposal's investment section in TypeScript).
 */
export async function plainSalesFigures(
  client: pg.Client,
  start: Date,
  end: Date,
  probability: Record<string, number>,
): Promise<Map<string, PlainOwnerFigures>> {
  const created = await client.query<{
    owner_id: string | null;
    new_leads: string;
    first_response: number | null;
  }>(
    `SELECT l.owner_id, count(*) AS new_leads,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM f.at - l.created_at) / 60)
              FILTER (WHERE f.at IS NOT NULL) AS first_response
       FROM leads l
       LEFT JOIN (SELECT lead_id, min(created_at) AS at FROM activities
                   WHERE type IN ('note', 'call', 'email', 'meeting') GROUP BY 1) f ON f.lead_id = l.id
      WHERE l.created_at >= $1 AND l.created_at < $2 GROUP BY 1`,
    [start, end],
  );
  const activities = await client.query<{ owner_id: string | null; type: string; count: string }>(
    `SELECT l.owner_id, a.type, count(*) FROM activities a JOIN leads l ON l.id = a.lead_id
      WHERE a.type IN ('note', 'call', 'email', 'meeting') AND a.created_at >= $1 AND a.created_at < $2
      GROUP BY 1, 2`,
    [start, end],
  );
  const proposals = await client.query<{ owner_id: string | null; shared: string; signed: string }>(
    `SELECT l.owner_id, count(*) FILTER (WHERE p.sent_at >= $1 AND p.sent_at < $2) AS shared,
            count(*) FILTER (WHERE p.signed_at >= $1 AND p.signed_at < $2) AS signed
       FROM proposals p JOIN leads l ON l.id = p.lead_id GROUP BY 1`,
    [start, end],
  );
  const closedIn = `entered AS (
       SELECT lead_id, detail->>'to' AS stage, max(created_at) AS at FROM activities
        WHERE type = 'stage_change' GROUP BY 1, 2
     ), closed AS (
       SELECT l.id, l.owner_id, l.stage, l.created_at, coalesce(e.at, l.created_at) AS at
         FROM leads l LEFT JOIN entered e ON e.lead_id = l.id AND e.stage = l.stage::text
        WHERE l.stage IN ('Won', 'Lost')
     )`;
  const closed = await client.query<{
    owner_id: string | null;
    won: string;
    lost: string;
    days_to_win: number | null;
  }>(
    `WITH ${closedIn}
     SELECT owner_id, count(*) FILTER (WHERE stage = 'Won') AS won, count(*) FILTER (WHERE stage = 'Lost') AS lost,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM at - created_at) / 86400)
              FILTER (WHERE stage = 'Won') AS days_to_win
       FROM closed WHERE at >= $1 AND at < $2 GROUP BY 1`,
    [start, end],
  );
  const won = await client.query<{
    owner_id: string | null;
    currency: string;
    initial: string;
    monthly: string;
    deals: string;
  }>(
    `WITH ${closedIn}, signed AS (
       SELECT DISTINCT ON (p.lead_id) p.lead_id, s.revenue_currency, s.revenue_initial, s.revenue_monthly
         FROM proposals p JOIN proposal_signatures s ON s.proposal_id = p.id
        ORDER BY p.lead_id, s.signed_at DESC
     )
     SELECT c.owner_id,
            CASE WHEN s.lead_id IS NOT NULL THEN s.revenue_currency ELSE m.currency END AS currency,
            coalesce(sum(CASE WHEN s.lead_id IS NOT NULL THEN s.revenue_initial ELSE m.initial END), 0) AS initial,
            coalesce(sum(CASE WHEN s.lead_id IS NOT NULL THEN s.revenue_monthly ELSE m.monthly END), 0) AS monthly,
            count(*) AS deals
       FROM closed c LEFT JOIN signed s ON s.lead_id = c.id LEFT JOIN lead_manual_values m ON m.lead_id = c.id
      WHERE c.stage = 'Won' AND c.at >= $1 AND c.at < $2
        AND CASE WHEN s.lead_id IS NOT NULL THEN s.revenue_currency ELSE m.currency END IS NOT NULL
      GROUP BY 1, 2`,
    [start, end],
  );
  const open = await client.query<{
    owner_id: string | null;
    currency: string;
    value: string;
    weighted: string;
  }>(
    `SELECT l.owner_id, m.currency, sum(round(m.initial + 12 * m.monthly, 2)) AS value,
            sum(round(m.initial + 12 * m.monthly, 2) * (($1::jsonb)->>(l.stage::text))::numeric / 100) AS weighted
       FROM leads l JOIN lead_manual_values m ON m.lead_id = l.id
      WHERE l.stage NOT IN ('Won', 'Lost')
        AND NOT EXISTS (SELECT 1 FROM proposals p
                         WHERE p.lead_id = l.id AND p.status IN ('shared', 'viewed', 'signed'))
      GROUP BY 1, 2`,
    [JSON.stringify(probability)],
  );

  const figures = new Map<string, PlainOwnerFigures>();
  const of = (owner: string | null) => {
    const key = owner ?? "none";
    let entry = figures.get(key);
    if (!entry) {
      entry = {
        new_leads: 0,
        first_response_minutes_median: null,
        activities: { note: 0, call: 0, email: 0, meeting: 0 },
        proposals_shared: 0,
        proposals_signed: 0,
        win_rate: null,
        days_to_win_median: null,
        won: new Map(),
        open: new Map(),
      };
      figures.set(key, entry);
    }
    return entry;
  };
  for (const row of created.rows) {
    const entry = of(row.owner_id);
    entry.new_leads = Number(row.new_leads);
    entry.first_response_minutes_median =
      row.first_response === null ? null : round1(Number(row.first_response));
  }
  for (const row of activities.rows) of(row.owner_id).activities[row.type] = Number(row.count);
  for (const row of proposals.rows) {
    if (Number(row.shared) === 0 && Number(row.signed) === 0) continue;
    of(row.owner_id).proposals_shared = Number(row.shared);
    of(row.owner_id).proposals_signed = Number(row.signed);
  }
  for (const row of closed.rows) {
    const entry = of(row.owner_id);
    const [wins, losses] = [Number(row.won), Number(row.lost)];
    entry.win_rate = wins + losses === 0 ? null : round1((wins * 100) / (wins + losses));
    entry.days_to_win_median = row.days_to_win === null ? null : round1(Number(row.days_to_win));
  }
  for (const row of won.rows)
    of(row.owner_id).won.set(row.currency, {
      initial: round2(Number(row.initial)),
      monthly: round2(Number(row.monthly)),
      deals: Number(row.deals),
    });
  for (const row of open.rows)
    of(row.owner_id).open.set(row.currency, {
      value: round2(Number(row.value)),
      weighted: round2(Number(row.weighted)),
    });
  return figures;
}

/** One forecast cell as GET /api/analytics/forecast gives it (rounded the same way). */
export interface PlainForecastCell {
  committed: number;
  weighted: number;
  best_case: number;
}

/**
 * The forecast's six months (this quarter and the next, in `timeZone`) written from the rules in
 * docs/product.md#forecast as plain SQL, one statement: committed is what was signed in the month (first-year
 * value); weighted and best case add the open deals expected to close then (the date set on the lead, else the
 * day it entered its stage plus the stage's default days; a deal expected in a past month counts in the current
 * one) at their stage's probability or whole. As in `plainSalesFigures`, open deals are valued from their value
 * set by hand and those with a current proposal are left out (the bench generates none).
 * Returns month → currency → cell.
 */
export async function plainForecastFigures(
  client: pg.Client,
  timeZone: string,
  probability: Record<string, number>,
  closeDays: Record<string, number>,
): Promise<Map<string, Map<string, PlainForecastCell>>> {
  const { rows } = await client.query<{
    month: string;
    currency: string;
    committed: string;
    weighted: string;
    best_case: string;
  }>(
    `WITH here AS (
       SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM') AS current_month,
              date_trunc('quarter', now() AT TIME ZONE $1) AS quarter_start
     ), window_months AS (
       SELECT to_char(quarter_start + k * interval '1 month', 'YYYY-MM') AS month FROM here, generate_series(0, 5) k
     ), signed AS (
       SELECT to_char(s.signed_at AT TIME ZONE $1, 'YYYY-MM') AS month, s.revenue_currency AS currency,
              round(sum(s.revenue_initial + 12 * s.revenue_monthly), 2) AS amount
         FROM proposal_signatures s, here
        WHERE s.revenue_currency IS NOT NULL
          AND s.signed_at >= (quarter_start AT TIME ZONE $1)
          AND s.signed_at < ((quarter_start + interval '6 months') AT TIME ZONE $1)
        GROUP BY 1, 2
     ), entered AS (
       SELECT lead_id, detail->>'to' AS stage, max(created_at) AS at FROM activities
        WHERE type = 'stage_change' GROUP BY 1, 2
     ), open_deals AS (
       SELECT greatest(to_char(coalesce(l.expected_close,
                                        (coalesce(e.at, l.created_at) AT TIME ZONE $1)::date
                                          + coalesce(($3::jsonb ->> l.stage::text)::int, 30)), 'YYYY-MM'),
                       here.current_month) AS month,
              m.currency, round(m.initial + 12 * m.monthly, 2) AS value,
              round(m.initial + 12 * m.monthly, 2) * (($2::jsonb) ->> l.stage::text)::numeric / 100 AS weighted
         FROM here, leads l
         JOIN lead_manual_values m ON m.lead_id = l.id
         LEFT JOIN entered e ON e.lead_id = l.id AND e.stage = l.stage::text
        WHERE l.stage NOT IN ('Won', 'Lost')
          AND NOT EXISTS (SELECT 1 FROM proposals p
                           WHERE p.lead_id = l.id AND p.status IN ('shared', 'viewed', 'signed'))
     ), cells AS (
       SELECT month, currency, amount AS committed, amount AS weighted, amount AS best_case FROM signed
       UNION ALL
       SELECT month, currency, 0, weighted, value FROM open_deals
     )
     SELECT month, currency, round(sum(committed), 2) AS committed, round(sum(weighted), 2) AS weighted,
            round(sum(best_case), 2) AS best_case
       FROM cells WHERE month IN (SELECT month FROM window_months) GROUP BY 1, 2`,
    [timeZone, JSON.stringify(probability), JSON.stringify(closeDays)],
  );
  const months = new Map<string, Map<string, PlainForecastCell>>();
  for (const row of rows) {
    const byCurrency = months.get(row.month) ?? new Map<string, PlainForecastCell>();
    byCurrency.set(row.currency, {
      committed: Number(row.committed),
      weighted: Number(row.weighted),
      best_case: Number(row.best_case),
    });
    months.set(row.month, byCurrency);
  }
  return months;
}

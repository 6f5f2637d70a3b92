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

/**
 * The sales table's figures for [start, end) in one plain SQL statement per figure, without the app's
 * queries: per owner, new leads, human activities, won deals with a value and their initial amounts per
 * currency, and the open pipeline's first-year value per currency.
 */
export async function plainSalesFigures(client: pg.Client, start: Date, end: Date) {
  const owners = await client.query<{ owner_id: string | null; new_leads: string }>(
    `SELECT owner_id, count(*) AS new_leads FROM leads WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
    [start, end],
  );
  const activities = await client.query<{ owner_id: string | null; count: string }>(
    `SELECT l.owner_id, count(*) FROM activities a JOIN leads l ON l.id = a.lead_id
      WHERE a.type IN ('note', 'call', 'email', 'meeting') AND a.created_at >= $1 AND a.created_at < $2 GROUP BY 1`,
    [start, end],
  );
  const won = await client.query<{
    owner_id: string | null;
    currency: string;
    initial: string;
    deals: string;
  }>(
    `WITH entered AS (
       SELECT a.lead_id, max(a.created_at) AS at FROM activities a
        WHERE a.type = 'stage_change' AND a.detail->>'to' = 'Won' GROUP BY 1
     )
     SELECT l.owner_id, m.currency, sum(m.initial) AS initial, count(*) AS deals
       FROM leads l JOIN lead_manual_values m ON m.lead_id = l.id
       LEFT JOIN entered e ON e.lead_id = l.id
      WHERE l.stage = 'Won' AND coalesce(e.at, l.created_at) >= $1 AND coalesce(e.at, l.created_at) < $2
      GROUP BY 1, 2`,
    [start, end],
  );
  const open = await client.query<{ owner_id: string | null; currency: string; value: string }>(
    `SELECT l.owner_id, m.currency, sum(m.initial + 12 * m.monthly) AS value
       FROM leads l JOIN lead_manual_values m ON m.lead_id = l.id
      WHERE l.stage NOT IN ('Won', 'Lost') GROUP BY 1, 2`,
  );
  const key = (owner: string | null) => owner ?? "none";
  const figures = new Map<
    string,
    {
      new_leads: number;
      activities: number;
      won: Map<string, { initial: number; deals: number }>;
      open: Map<string, number>;
    }
  >();
  const of = (owner: string | null) => {
    const entry = figures.get(key(owner)) ?? {
      new_leads: 0,
      activities: 0,
      won: new Map(),
      open: new Map(),
    };
    figures.set(key(owner), entry);
    return entry;
  };
  for (const row of owners.rows) of(row.owner_id).new_leads = Number(row.new_leads);
  for (const row of activities.rows) of(row.owner_id).activities = Number(row.count);
  for (const row of won.rows)
    of(row.owner_id).won.set(row.currency, {
      initial: Number(row.initial),
      deals: Number(row.deals),
    });
  for (const row of open.rows) of(row.owner_id).open.set(row.currency, Number(row.value));
  return figures;
}

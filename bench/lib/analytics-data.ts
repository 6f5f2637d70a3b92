import type pg from "pg";

/** As ROLLUP_SHARDS in lib/analytics/ingest.repo.ts. */
const SHARDS = 8;

/**
 * Fills a bench database with `total` analytics events spread evenly over the `spanDays` days up to `now`,
 * straight in SQL (generate_series), then builds the rollups from them exactly as ingestion keeps them.
 * Shape, per visit of 10 events: 3 page views, 4 scroll steps, a CTA click, a receptionist or phone
 * click and a form or e-mail event; the first page view carries the visit's channel, the rest are
 * internal. Visitors: a pool of a third as many people as visits (about 3 visits each a year).
 */
export async function generateAnalyticsData(
  client: pg.Client,
  total: number,
  now: Date,
  timeZone: string,
  spanDays = 365,
): Promise<void> {
  const visits = Math.ceil(total / 10);
  const people = Math.max(1, Math.floor(visits / 3));
  const yearMs = spanDays * 86_400_000;
  // A partition for each month the events fall in, as the partitions job would have made them.
  await client.query(
    `SELECT analytics_events_ensure_partition(month::date)
       FROM generate_series(date_trunc('month', ($1::timestamptz - make_interval(secs => $2::float8 / 1000)) AT TIME ZONE 'UTC'),
                            date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC'), interval '1 month') AS month`,
    [now.toISOString(), yearMs],
  );
  // Bulk load without the secondary indexes, then build them once: minutes faster at 10M rows.
  await client.query(`
    DROP INDEX analytics_events_event_type_received_at_idx;
    DROP INDEX analytics_events_user_id_received_at_idx;
    ALTER TABLE analytics_events DROP CONSTRAINT analytics_events_pkey;
    SET max_parallel_workers_per_gather = 0;`);
  // One visit in 20 opens the questionnaire (its third page view is /optin), for the funnel.
  await client.query(
    `INSERT INTO analytics_events (event_id, event_type, received_at, client_timestamp, day, path, page_title, user_id, session_id, source_channel, device_class, metadata)
     SELECT 'bench_' || g, kind, at, at, (at AT TIME ZONE $5)::date,
            CASE WHEN position = 2 AND visit % 20 = 0 THEN '/optin' WHEN position < 3 THEN '/page-' || ((visit + position) % 20) ELSE '/' END,
            CASE WHEN position < 3 THEN 'Page' END,
            'user_' || ((hashint8(visit) & 2147483647) % $3), 'session_' || visit,
            CASE WHEN position > 0 THEN 'internal' WHEN visit % 10 < 4 THEN 'organic' WHEN visit % 10 < 7 THEN 'direct' WHEN visit % 10 < 9 THEN 'social' ELSE 'referral' END,
            CASE WHEN visit % 3 = 0 THEN 'mobile' ELSE 'desktop' END, '{}'::jsonb
     FROM (
       SELECT g, g / 10 AS visit, g % 10 AS position,
              $4::timestamptz - make_interval(secs => ($6::float8 * (g / 10) / $2) / 1000) + make_interval(secs => (g % 10) * 20) AS at,
              CASE WHEN g % 10 < 3 THEN 'page_view' WHEN g % 10 < 7 THEN 'scroll_depth' WHEN g % 10 = 7 THEN 'cta_click'
                   WHEN g % 10 = 8 THEN CASE WHEN (g / 10) % 4 = 0 THEN 'camila_click' ELSE 'phone_click' END
                   ELSE CASE WHEN (g / 10) % 2 = 0 THEN 'form_submit' ELSE 'email_click' END END AS kind
       FROM generate_series(0, $1::bigint - 1) AS g
     ) AS events`,
    [total, visits, people, now.toISOString(), timeZone, yearMs],
  );
  // Rollups built as the ingestion statement keeps them (lib/analytics/ingest.repo.ts), the day-level ones
  // spread over its shards as many concurrent batches leave them.
  await client.query(`
    ALTER TABLE analytics_events ADD CONSTRAINT analytics_events_pkey PRIMARY KEY (received_at, id);
    CREATE INDEX analytics_events_event_type_received_at_idx ON analytics_events(event_type, received_at);
    CREATE INDEX analytics_events_user_id_received_at_idx ON analytics_events(user_id, received_at);
    INSERT INTO analytics_daily_counts (day, event_type, source_channel, shard, events)
      SELECT day, event_type, source_channel, id % ${SHARDS}, count(*) FROM analytics_events GROUP BY 1, 2, 3, 4;
    INSERT INTO analytics_visitors (user_id) SELECT DISTINCT user_id FROM analytics_events WHERE event_type = 'page_view' ORDER BY 1;
    INSERT INTO analytics_daily_visitors (day, visitor_id, arrival_internal, arrival_at, arrival_id, arrival_channel, landing_page, opened_questionnaire,
                                          first_view_at, first_view_id, first_view_path, questionnaire_at, prev_day, prev_ext_day)
      SELECT *, lag(day) OVER by_visitor,
             max(day) FILTER (WHERE NOT internal) OVER (by_visitor ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
        FROM (
          SELECT DISTINCT ON (e.day, v.id) e.day, v.id AS visitor_id, e.source_channel = 'internal' AS internal, e.received_at, e.id,
                 CASE WHEN e.source_channel = 'internal' THEN 'direct' ELSE e.source_channel END, e.path,
                 bool_or(e.path = '/optin') OVER visitor_day,
                 first_value(e.received_at) OVER by_time, first_value(e.id) OVER by_time, first_value(e.path) OVER by_time,
                 min(e.received_at) FILTER (WHERE e.path = '/optin') OVER visitor_day
            FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view'
          WINDOW visitor_day AS (PARTITION BY e.day, v.id), by_time AS (visitor_day ORDER BY e.received_at, e.id)
           ORDER BY e.day, v.id, (e.source_channel = 'internal'), e.received_at, e.id
        ) AS visitor_days
      WINDOW by_visitor AS (PARTITION BY visitor_id ORDER BY day)
       ORDER BY day, visitor_id;
    -- Each visitor's latest days, as ingestion leaves them (the visitor-days above are linked already).
    SELECT analytics_link_visitor_days();
    INSERT INTO analytics_daily_visitor_totals (day, shard, visitors)
      SELECT day, visitor_id % ${SHARDS}, count(*) FROM analytics_daily_visitors GROUP BY 1, 2;
    INSERT INTO analytics_daily_pages (day, path, shard, views)
      SELECT day, path, id % ${SHARDS}, count(*) FROM analytics_events WHERE event_type = 'page_view' GROUP BY 1, 2, 3;
    RESET max_parallel_workers_per_gather;`);
  // One opt-in per 1,000 events, spread over the same year.
  const optins = Math.max(1, Math.floor(total / 1000));
  await client.query(
    `WITH lead AS (
       INSERT INTO leads (id, name, email, source, updated_at) SELECT gen_random_uuid(), 'Bench ' || g, 'bench' || g || '@example.com', 'optin', now() FROM generate_series(1, $1) AS g RETURNING id
     )
     INSERT INTO lead_submissions (id, submission_id, lead_id, source, lang, answers, created_at)
     SELECT gen_random_uuid(), 'bench-' || n, id, CASE WHEN n % 10 < 7 THEN 'optin' WHEN n % 10 < 9 THEN 'home_form' ELSE 'chat_widget' END, 'es', '{}'::jsonb,
            $2::timestamptz - make_interval(secs => ($3::float8 * n / $1) / 1000)
     FROM (SELECT id, row_number() OVER () AS n FROM lead) AS numbered`,
    [optins, now.toISOString(), yearMs],
  );
  for (const table of [
    "analytics_events",
    "analytics_daily_counts",
    "analytics_visitors",
    "analytics_daily_visitors",
    "analytics_daily_visitor_totals",
    "analytics_daily_pages",
    "lead_submissions",
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
}

-- Each visitor-day of the visitor rollup also keeps that day's first arrival (a page view from outside
-- our site first, else the earliest one) and whether the visitor opened the questionnaire, so the funnel's
-- first two steps read the rollup instead of the raw events (docs/decisions/008-analytics-partitions.md).
-- NULL arrival: a visitor-day whose raw events were already gone when this was added.
ALTER TABLE "analytics_daily_visitors"
    ADD COLUMN "arrival_internal" BOOLEAN,
    ADD COLUMN "arrival_at" TIMESTAMPTZ(3),
    ADD COLUMN "arrival_id" BIGINT,
    ADD COLUMN "arrival_channel" TEXT,
    ADD COLUMN "landing_page" TEXT,
    ADD COLUMN "opened_questionnaire" BOOLEAN NOT NULL DEFAULT false;

-- The same choice the ingestion statement makes (lib/analytics/ingest.repo.ts), over the stored events.
UPDATE "analytics_daily_visitors" AS d
   SET "arrival_internal" = a.internal, "arrival_at" = a.received_at, "arrival_id" = a.id,
       "arrival_channel" = a.channel, "landing_page" = a.path, "opened_questionnaire" = a.opened
  FROM (
    SELECT DISTINCT ON (e.day, v.id) e.day, v.id AS visitor_id, e.source_channel = 'internal' AS internal,
           e.received_at, e.id, CASE WHEN e.source_channel = 'internal' THEN 'direct' ELSE e.source_channel END AS channel,
           e.path, bool_or(e.path = '/optin') OVER (PARTITION BY e.day, v.id) AS opened
      FROM analytics_events e JOIN analytics_visitors v ON v.user_id = e.user_id
     WHERE e.event_type = 'page_view'
     ORDER BY e.day, v.id, (e.source_channel = 'internal'), e.received_at, e.id
  ) AS a
 WHERE d.day = a.day AND d.visitor_id = a.visitor_id;

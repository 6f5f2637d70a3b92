-- The dashboard compares "today so far" with the previous period cut at the same time of day. The funnel
-- read that cut day's arrivals from the raw page views, the costliest part of the dashboard (docs/scaling.md).
-- Each visitor-day now also keeps its earliest page view (time, event id, path) and its first /optin view,
-- which with the stored arrival answer any cut of the day from the rollup alone
-- (lib/analytics/funnel.repo.ts). Existing rows are filled from the raw events they were built from.
ALTER TABLE "analytics_daily_visitors"
  ADD COLUMN "first_view_at" TIMESTAMPTZ(3),
  ADD COLUMN "first_view_id" BIGINT,
  ADD COLUMN "first_view_path" TEXT,
  ADD COLUMN "questionnaire_at" TIMESTAMPTZ(3);

UPDATE "analytics_daily_visitors" d
   SET "first_view_at" = f.received_at, "first_view_id" = f.id, "first_view_path" = f.path
  FROM (
    SELECT DISTINCT ON (e.day, v.id) e.day, v.id AS visitor_id, e.received_at, e.id, e.path
      FROM "analytics_events" e JOIN "analytics_visitors" v ON v.user_id = e.user_id
     WHERE e.event_type = 'page_view'
     ORDER BY e.day, v.id, e.received_at, e.id
  ) AS f
 WHERE f.day = d.day AND f.visitor_id = d.visitor_id;

UPDATE "analytics_daily_visitors" d
   SET "questionnaire_at" = q.at
  FROM (
    SELECT e.day, v.id AS visitor_id, min(e.received_at) AS at
      FROM "analytics_events" e JOIN "analytics_visitors" v ON v.user_id = e.user_id
     WHERE e.event_type = 'page_view' AND e.path = '/optin'
     GROUP BY 1, 2
  ) AS q
 WHERE q.day = d.day AND q.visitor_id = d.visitor_id;

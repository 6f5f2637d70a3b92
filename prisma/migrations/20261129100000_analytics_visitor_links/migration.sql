-- The funnel counts each visitor of a span once, under their first arrival in it: from outside the site
-- first, else the earliest. Picking that row took a sort of every visitor-day of the span, the costliest
-- part of the dashboard (docs/scaling.md). Each visitor-day now also says which earlier day the visitor
-- was last seen (prev_day) and last arrived from outside the site (prev_ext_day), so that row is found by
-- a filter alone: the first external visitor-day of a span starting on d1 is the external one whose
-- prev_ext_day is before d1 (lib/analytics/funnel.repo.ts). Ingestion fills them from the visitor's own
-- row (seen_day, ext_day and the day before each), which it locks anyway.
ALTER TABLE "analytics_visitors"
  ADD COLUMN "seen_day" DATE,
  ADD COLUMN "before_day" DATE,
  ADD COLUMN "ext_day" DATE,
  ADD COLUMN "before_ext_day" DATE;

ALTER TABLE "analytics_daily_visitors"
  ADD COLUMN "prev_day" DATE,
  ADD COLUMN "prev_ext_day" DATE;

-- Links each visitor-day to the visitor's earlier days, and each visitor to their latest days, from the
-- visitor-days stored: all of them (here, and for the benchmarks' generated data), or only those of the
-- visitors given. Ingestion links a new day as it writes it, which is right when days come in order (the
-- server's clock); a batch that reaches a visitor after one of a later day (two batches racing past
-- midnight, or a history replayed out of order) has its visitors linked again with this.
CREATE FUNCTION analytics_link_visitor_days(only_visitors BIGINT[] DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  UPDATE "analytics_daily_visitors" d
     SET "prev_day" = l.prev_day, "prev_ext_day" = l.prev_ext_day
    FROM (
      SELECT day, visitor_id, lag(day) OVER w AS prev_day,
             max(day) FILTER (WHERE arrival_internal = false) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_ext_day
        FROM "analytics_daily_visitors"
       WHERE only_visitors IS NULL OR visitor_id = ANY (only_visitors)
      WINDOW w AS (PARTITION BY visitor_id ORDER BY day)
    ) AS l
   WHERE l.day = d.day AND l.visitor_id = d.visitor_id
     AND (d."prev_day", d."prev_ext_day") IS DISTINCT FROM (l.prev_day, l.prev_ext_day);
  UPDATE "analytics_visitors" v
     SET "seen_day" = s.seen_day, "before_day" = s.before_day, "ext_day" = s.ext_day, "before_ext_day" = s.before_ext_day
    FROM (
      SELECT DISTINCT ON (visitor_id) visitor_id, day AS seen_day, prev_day AS before_day,
             CASE WHEN arrival_internal = false THEN day ELSE prev_ext_day END AS ext_day,
             prev_ext_day AS before_ext_day
        FROM "analytics_daily_visitors"
       WHERE only_visitors IS NULL OR visitor_id = ANY (only_visitors)
       ORDER BY visitor_id, day DESC
    ) AS s
   WHERE s.visitor_id = v.id;
$$;

SELECT analytics_link_visitor_days();

-- The funnel reads a span's visitor-days from this index alone (an index-only scan), as the distinct
-- visitor count reads the primary key.
CREATE INDEX "analytics_daily_visitors_funnel_idx" ON "analytics_daily_visitors" ("day")
  INCLUDE ("visitor_id", "arrival_internal", "prev_day", "prev_ext_day", "arrival_channel", "landing_page", "opened_questionnaire");

-- A span of visitor-days is read in a few tens of milliseconds by one process: starting parallel workers
-- for it took longer than the scan itself on the two cores measured (docs/scaling.md, 25 Nov 2026).
ALTER TABLE "analytics_daily_visitors" SET (parallel_workers = 0);

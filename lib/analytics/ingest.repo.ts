import "server-only";
import { preparedQuery } from "@/lib/db";

/** The questionnaire's page: a visitor who views it has started the questionnaire (the funnel's step 2). */
export const QUESTIONNAIRE_PATH = "/optin";

/**
 * Shards of the day-level rollup rows (counts, pages, visitor totals): each batch adds to one, at random, so
 * concurrent batches rarely wait for each other's commit on the same row; readers sum the shards.
 */
const ROLLUP_SHARDS = 8;

/** The new arrival of a visitor-day comes before the stored one (or none is stored). */
const COMES_FIRST = `(d.arrival_at IS NULL OR (excluded.arrival_internal, excluded.arrival_at, excluded.arrival_id) < (d.arrival_internal, d.arrival_at, d.arrival_id))`;
/** The new earliest page view of a visitor-day comes before the stored one (or none is stored). */
const VIEWED_FIRST = `(d.first_view_at IS NULL OR (excluded.first_view_at, excluded.first_view_id) < (d.first_view_at, d.first_view_id))`;

export interface EventRow {
  eventId: string;
  eventType: string;
  clientTimestamp: string;
  path: string;
  pageTitle: string | null;
  userId: string;
  sessionId: string;
  sourceChannel: string;
  deviceClass: string;
  metadata: Record<string, unknown>;
}

/**
 * Stores events and updates the rollups in ONE statement (one implicit transaction): each event's id
 * goes into `analytics_event_ids` first (`ON CONFLICT DO NOTHING RETURNING`), and only events whose id
 * was new are stored and reach the rollups, so a retried event is counted once; the statement has
 * committed before this resolves. Rollup rows are written in key
 * order (and the day-level ones of one shard per batch, see ROLLUP_SHARDS) so concurrent batches lock them
 * in the same order and cannot deadlock.
 * Returns how many events were new.
 */
export async function insertEventsWithRollups(
  rows: EventRow[],
  receivedAt: Date,
  timeZone: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  // Straight to the pool rather than through Prisma, and prepared: this is the hottest statement of the
  // app, and both Prisma's per-query overhead and planning it afresh each time are measurable at this rate.
  const { rows: result } = await preparedQuery<{ inserted: string; out_of_order: string[] | null }>(
    "analytics_ingest_batch",
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
         "eventId" text, "eventType" text, "clientTimestamp" timestamptz, path text, "pageTitle" text,
         "userId" text, "sessionId" text, "sourceChannel" text, "deviceClass" text, metadata jsonb)
     ),
     new_ids AS (
       INSERT INTO analytics_event_ids (event_id, received_at)
       SELECT "eventId", $3::timestamptz FROM input ORDER BY 1
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id
     ),
     stored AS (
       INSERT INTO analytics_events (event_id, event_type, received_at, client_timestamp, day, path, page_title, user_id, session_id, source_channel, device_class, metadata)
       SELECT "eventId", "eventType", $3::timestamptz, "clientTimestamp", ($3::timestamptz AT TIME ZONE $2)::date, path, "pageTitle", "userId", "sessionId", "sourceChannel", "deviceClass", metadata
       FROM input JOIN new_ids ON new_ids.event_id = input."eventId"
       RETURNING id, received_at, day, event_type, source_channel, path, user_id
     ),
     counts AS (
       INSERT INTO analytics_daily_counts AS c (day, event_type, source_channel, shard, events)
       SELECT day, event_type, source_channel, $4::smallint, count(*) FROM stored GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (day, event_type, source_channel, shard) DO UPDATE SET events = c.events + excluded.events
     ),
     pages AS (
       INSERT INTO analytics_daily_pages AS p (day, path, shard, views)
       SELECT day, path, $4::smallint, count(*) FROM stored WHERE event_type = 'page_view' GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (day, path, shard) DO UPDATE SET views = p.views + excluded.views
     ),
     -- Each viewer's id, and the days a new visitor-day of theirs links to (migration 20261129100000):
     -- before_day and before_ext_day are the latest day seen, and seen arriving from outside, before the
     -- latest one. DO UPDATE (not NOTHING) returns an id another batch inserted a moment ago too, and
     -- locks the visitor, so two batches of one visitor link their days in the order they take the lock.
     viewers AS (
       INSERT INTO analytics_visitors AS v (user_id, seen_day, ext_day)
       SELECT user_id, max(day), max(day) FILTER (WHERE source_channel <> 'internal')
         FROM stored WHERE event_type = 'page_view' GROUP BY user_id ORDER BY 1
       ON CONFLICT (user_id) DO UPDATE SET
         before_day = CASE WHEN v.seen_day < excluded.seen_day THEN v.seen_day ELSE v.before_day END,
         before_ext_day = CASE WHEN v.seen_day < excluded.seen_day THEN v.ext_day ELSE v.before_ext_day END,
         seen_day = greatest(v.seen_day, excluded.seen_day),
         ext_day = greatest(v.ext_day, excluded.ext_day)
       RETURNING v.id, v.user_id, v.before_day, v.before_ext_day, v.seen_day
     ),
     -- Each visitor-day's first arrival in this batch: from outside the site first, then the earliest; and
     -- its earliest page view whatever the channel (events of one batch share received_at: the lowest id).
     arrivals AS (
       SELECT DISTINCT ON (s.day, w.id) s.day, w.id AS visitor_id, w.before_day, w.before_ext_day, s.source_channel = 'internal' AS internal,
              s.received_at, s.id, CASE WHEN s.source_channel = 'internal' THEN 'direct' ELSE s.source_channel END AS channel,
              s.path, bool_or(s.path = '${QUESTIONNAIRE_PATH}') OVER visitor_day AS opened,
              first_value(s.id) OVER by_id AS first_view_id, first_value(s.path) OVER by_id AS first_view_path
         FROM stored s JOIN viewers w USING (user_id)
        WHERE s.event_type = 'page_view'
       WINDOW visitor_day AS (PARTITION BY s.day, w.id), by_id AS (visitor_day ORDER BY s.id)
        ORDER BY s.day, w.id, (s.source_channel = 'internal'), s.received_at, s.id
     ),
     -- A visitor-day seen before keeps its arrival unless this batch's comes first; xmax = 0 marks new rows.
     visitors AS (
       INSERT INTO analytics_daily_visitors AS d (day, visitor_id, arrival_internal, arrival_at, arrival_id, arrival_channel, landing_page, opened_questionnaire,
                                                  first_view_at, first_view_id, first_view_path, questionnaire_at, prev_day, prev_ext_day)
       SELECT day, visitor_id, internal, received_at, id, channel, path, opened,
              received_at, first_view_id, first_view_path, CASE WHEN opened THEN received_at END, before_day, before_ext_day
         FROM arrivals ORDER BY day, visitor_id
       ON CONFLICT (day, visitor_id) DO UPDATE SET
         arrival_internal = CASE WHEN ${COMES_FIRST} THEN excluded.arrival_internal ELSE d.arrival_internal END,
         arrival_at = CASE WHEN ${COMES_FIRST} THEN excluded.arrival_at ELSE d.arrival_at END,
         arrival_id = CASE WHEN ${COMES_FIRST} THEN excluded.arrival_id ELSE d.arrival_id END,
         arrival_channel = CASE WHEN ${COMES_FIRST} THEN excluded.arrival_channel ELSE d.arrival_channel END,
         landing_page = CASE WHEN ${COMES_FIRST} THEN excluded.landing_page ELSE d.landing_page END,
         opened_questionnaire = d.opened_questionnaire OR excluded.opened_questionnaire,
         first_view_at = CASE WHEN ${VIEWED_FIRST} THEN excluded.first_view_at ELSE d.first_view_at END,
         first_view_id = CASE WHEN ${VIEWED_FIRST} THEN excluded.first_view_id ELSE d.first_view_id END,
         first_view_path = CASE WHEN ${VIEWED_FIRST} THEN excluded.first_view_path ELSE d.first_view_path END,
         questionnaire_at = least(d.questionnaire_at, excluded.questionnaire_at)
       WHERE ${COMES_FIRST} OR ${VIEWED_FIRST} OR (excluded.opened_questionnaire AND NOT d.opened_questionnaire)
          OR excluded.questionnaire_at < d.questionnaire_at
       RETURNING d.day, (d.xmax = 0) AS is_new
     ),
     visitor_totals AS (
       INSERT INTO analytics_daily_visitor_totals AS t (day, shard, visitors)
       SELECT day, $4::smallint, count(*) FROM visitors WHERE is_new GROUP BY day ORDER BY day
       ON CONFLICT (day, shard) DO UPDATE SET visitors = t.visitors + excluded.visitors
     )
     SELECT (SELECT count(*) FROM stored) AS inserted,
            -- Visitors already seen on a later day than this batch's: their days are linked again below.
            (SELECT array_agg(id) FROM viewers WHERE seen_day > ($3::timestamptz AT TIME ZONE $2)::date) AS out_of_order`,
    [
      JSON.stringify(rows),
      timeZone,
      receivedAt.toISOString(),
      Math.floor(Math.random() * ROLLUP_SHARDS),
    ],
  );
  const outOfOrder = result[0]?.out_of_order;
  if (outOfOrder)
    await preparedQuery(
      "analytics_link_visitor_days",
      "SELECT analytics_link_visitor_days($1::bigint[])",
      [outOfOrder],
    );
  return Number(result[0]?.inserted ?? 0);
}

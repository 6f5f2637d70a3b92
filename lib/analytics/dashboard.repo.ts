import "server-only";
import { db } from "@/lib/db";

// Every figure comes from the rollups (or the lead tables), never from a scan of raw events, except the
// partial last day of a previous period compared like with like (one day of raw events, see periods.ts).

/** Events per type and source channel over local days first..last. */
export async function sumDailyCounts(
  firstDay: string,
  lastDay: string,
): Promise<{ eventType: string; sourceChannel: string; events: number }[]> {
  const rows = await db.$queryRaw<{ event_type: string; source_channel: string; events: bigint }[]>`
    SELECT event_type, source_channel, sum(events)::bigint AS events
    FROM analytics_daily_counts WHERE day BETWEEN ${firstDay}::date AND ${lastDay}::date
    GROUP BY 1, 2`;
  return rows.map((row) => ({
    eventType: row.event_type,
    sourceChannel: row.source_channel,
    events: Number(row.events),
  }));
}

/** Page views and visitors per local day (days without any are absent). */
export async function listDailyTraffic(
  firstDay: string,
  lastDay: string,
): Promise<{ day: string; pageViews: number; visitors: number }[]> {
  const rows = await db.$queryRaw<{ day: string; page_views: bigint; visitors: bigint }[]>`
    WITH views AS (
      SELECT day, sum(events) AS page_views FROM analytics_daily_counts
      WHERE event_type = 'page_view' AND day BETWEEN ${firstDay}::date AND ${lastDay}::date GROUP BY day
    ), visitors AS (
      SELECT day, sum(visitors) AS visitors FROM analytics_daily_visitor_totals
      WHERE day BETWEEN ${firstDay}::date AND ${lastDay}::date GROUP BY day
    )
    SELECT to_char(coalesce(views.day, visitors.day), 'YYYY-MM-DD') AS day, coalesce(page_views, 0)::bigint AS page_views, coalesce(visitors, 0)::bigint AS visitors
    FROM views FULL JOIN visitors ON views.day = visitors.day`;
  return rows.map((row) => ({
    day: row.day,
    pageViews: Number(row.page_views),
    visitors: Number(row.visitors),
  }));
}

export async function listTopPages(
  firstDay: string,
  lastDay: string,
  limit: number,
): Promise<{ path: string; views: number }[]> {
  const rows = await db.$queryRaw<{ path: string; views: bigint }[]>`
    SELECT path, sum(views)::bigint AS views FROM analytics_daily_pages
    WHERE day BETWEEN ${firstDay}::date AND ${lastDay}::date
    GROUP BY path ORDER BY views DESC, path LIMIT ${limit}`;
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

/** Lead submissions stored in [start, end), by their source (optin, home_form…). */
export async function countSubmissionsBySource(
  start: Date,
  end: Date,
): Promise<{ source: string; count: number }[]> {
  const rows = await db.leadSubmission.groupBy({
    by: ["source"],
    where: { createdAt: { gte: start, lt: end } },
    _count: { _all: true },
  });
  return rows.map((row) => ({ source: row.source, count: row._count._all }));
}

/** Events per type and source channel received in [start, end) (a part of one day), from the raw events. */
export async function sumRawCounts(
  start: Date,
  end: Date,
): Promise<{ eventType: string; sourceChannel: string; events: number }[]> {
  const rows = await db.$queryRaw<{ event_type: string; source_channel: string; events: bigint }[]>`
    SELECT event_type, source_channel, count(*)::bigint AS events
    FROM analytics_events WHERE received_at >= ${start} AND received_at < ${end}
    GROUP BY 1, 2`;
  return rows.map((row) => ({
    eventType: row.event_type,
    sourceChannel: row.source_channel,
    events: Number(row.events),
  }));
}

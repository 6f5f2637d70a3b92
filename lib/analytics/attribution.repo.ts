import "server-only";
import { sqlQuery } from "@/lib/db";

export interface TouchRow {
  at: Date;
  path: string;
  channel: string;
  metadata: Record<string, unknown>;
}

export interface VisitorHistory {
  first: TouchRow | null;
  /** The newest page view that arrived from outside the site (the start of the converting visit). */
  lastArrival: TouchRow | null;
  visits: number;
}

/**
 * A visitor's page views up to `until`, reduced in SQL to the first one, the newest arrival from
 * outside, and the number of visits (sessions). Reads the (user_id, received_at) index.
 */
export async function selectVisitorHistory(userId: string, until: Date): Promise<VisitorHistory> {
  const { rows } = await sqlQuery<{
    kind: "first" | "last" | "visits";
    at: Date | null;
    path: string | null;
    channel: string | null;
    metadata: Record<string, unknown> | null;
    visits: number | null;
  }>(
    `(SELECT 'first' AS kind, received_at AS at, path, source_channel AS channel, metadata, NULL::int AS visits
        FROM analytics_events
       WHERE user_id = $1 AND event_type = 'page_view' AND received_at <= $2
       ORDER BY received_at, id LIMIT 1)
     UNION ALL
     (SELECT 'last', received_at, path, source_channel, metadata, NULL
        FROM analytics_events
       WHERE user_id = $1 AND event_type = 'page_view' AND received_at <= $2 AND source_channel <> 'internal'
       ORDER BY received_at DESC, id DESC LIMIT 1)
     UNION ALL
     SELECT 'visits', NULL, NULL, NULL, NULL, count(DISTINCT session_id)::int
       FROM analytics_events
      WHERE user_id = $1 AND event_type = 'page_view' AND received_at <= $2`,
    [userId, until],
  );
  const touch = (kind: "first" | "last"): TouchRow | null => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row && row.at
      ? {
          at: new Date(row.at),
          path: row.path ?? "",
          channel: row.channel ?? "",
          metadata: row.metadata ?? {},
        }
      : null;
  };
  return {
    first: touch("first"),
    lastArrival: touch("last"),
    visits: rows.find((row) => row.kind === "visits")?.visits ?? 0,
  };
}

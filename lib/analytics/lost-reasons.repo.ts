import "server-only";
import { db } from "@/lib/db";

/**
 * Deals lost within [start, end): leads in Lost now whose latest move into Lost falls in the span, counted by
 * the reason that move carried (null: moved before reasons were asked) and the stage it left.
 */
export async function countLostDeals(
  start: Date,
  end: Date,
): Promise<{ reason: string | null; fromStage: string | null; deals: number }[]> {
  const rows = await db.$queryRaw<
    { reason: string | null; from_stage: string | null; deals: bigint }[]
  >`
    WITH lost AS (
      SELECT DISTINCT ON (a.lead_id) a.lead_id, a.created_at, a.detail->>'reason' AS reason, a.detail->>'from' AS from_stage
      FROM activities a JOIN leads l ON l.id = a.lead_id
      WHERE l.stage = 'Lost' AND a.type = 'stage_change' AND a.detail->>'to' = 'Lost'
      ORDER BY a.lead_id, a.created_at DESC, a.id DESC
    )
    SELECT reason, from_stage, count(*)::bigint AS deals FROM lost
    WHERE created_at >= ${start} AND created_at < ${end}
    GROUP BY 1, 2`;
  return rows.map((row) => ({
    reason: row.reason,
    fromStage: row.from_stage,
    deals: Number(row.deals),
  }));
}

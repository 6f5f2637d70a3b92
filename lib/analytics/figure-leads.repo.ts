import "server-only";
import { sqlQuery } from "@/lib/db";
import type { SalesFigure } from "./figure-leads.schema";
import { HUMAN_ACTIVITY_TYPES } from "./sales.schema";

// The leads behind a figure of the per-salesperson and lost-reasons tables, by the same rules the figures are
// counted with (sales.repo.ts, lost-reasons.repo.ts); the CRM narrows them to an owner with its own filter.

/** When a lead entered its current stage (the rule of sales.repo.ts ENTERED_STAGE_AT). */
const ENTERED_STAGE_AT = `coalesce((SELECT max(a.created_at) FROM activities a
   WHERE a.lead_id = l.id AND a.type = 'stage_change' AND a.detail->>'to' = l.stage::text), l.created_at)`;

const QUERIES: Record<SalesFigure, string> = {
  new_leads: `SELECT l.id FROM leads l WHERE l.created_at >= $1 AND l.created_at < $2`,
  activities: `SELECT DISTINCT a.lead_id AS id FROM activities a
                WHERE a.type = ANY($3::text[]) AND a.created_at >= $1 AND a.created_at < $2`,
  // As selectWonMoney values a deal: its latest signature's currency, else its value set by hand.
  won: `SELECT l.id FROM leads l CROSS JOIN LATERAL (SELECT ${ENTERED_STAGE_AT} AS at) c
         LEFT JOIN LATERAL (
           SELECT true AS found, ps.revenue_currency AS currency
             FROM proposals p JOIN proposal_signatures ps ON ps.proposal_id = p.id
            WHERE p.lead_id = l.id ORDER BY ps.signed_at DESC LIMIT 1) s ON true
         LEFT JOIN lead_manual_values m ON m.lead_id = l.id
        WHERE l.stage = 'Won' AND c.at >= $1 AND c.at < $2
          AND (CASE WHEN s.found THEN s.currency ELSE m.currency END) IS NOT NULL`,
  lost: LOST(`($3::text IS NULL OR reason = $3)`),
  lost_unrecorded: LOST(`reason IS NULL`),
};

function LOST(condition: string): string {
  return `WITH lost AS (
            SELECT DISTINCT ON (a.lead_id) a.lead_id, a.created_at, a.detail->>'reason' AS reason
              FROM activities a JOIN leads l ON l.id = a.lead_id
             WHERE l.stage = 'Lost' AND a.type = 'stage_change' AND a.detail->>'to' = 'Lost'
             ORDER BY a.lead_id, a.created_at DESC, a.id DESC
          )
          SELECT lead_id AS id FROM lost WHERE created_at >= $1 AND created_at < $2 AND ${condition}`;
}

/** Ids of the leads behind `figure` over [start, end); `lostReason` narrows `lost` to one reason. */
export async function selectFigureLeadIds(
  figure: SalesFigure,
  start: Date,
  end: Date,
  lostReason: string | null = null,
): Promise<string[]> {
  // Each statement gets only the parameters it names (PostgreSQL cannot type one it never reads).
  const extra =
    figure === "activities" ? [HUMAN_ACTIVITY_TYPES] : figure === "lost" ? [lostReason] : [];
  const { rows } = await sqlQuery<{ id: string }>(QUERIES[figure], [start, end, ...extra]);
  return rows.map((row) => row.id);
}

import "server-only";
import { runSql, sql, type RawSql } from "@/lib/db";
import type { LeadFunnelStep } from "./dashboard.schema";
import { meetingSteps } from "./funnel.repo";
import { QUESTIONNAIRE_PATH } from "./ingest.repo";

/** One campaign's figures before shaping: a campaign is its (utm_campaign, utm_source, utm_medium). */
export interface CampaignCountRow {
  campaign: string;
  source: string;
  medium: string;
  visitors: number;
  starters: number;
  leads: number;
  booked: number;
  shared: number;
  signed: number;
}

export interface CampaignRevenueRow {
  campaign: string;
  source: string;
  medium: string;
  currency: string;
  initial: number;
  monthly: number;
}

/**
 * Each lead's campaign: the campaign tags of its first touch, chosen by the same rule as the funnel's
 * channel (the first verified attribution, else the first of any kind); leads whose first touch carries no
 * utm_campaign have none. Limited to the leads a figure needs.
 */
const leadCampaign = (leadIds: RawSql) => sql`lead_campaign AS (
  SELECT lead_id, campaign, source, medium FROM (
    SELECT DISTINCT ON (lead_id) lead_id,
           attribution->'first_touch'->>'utm_campaign' AS campaign,
           coalesce(attribution->'first_touch'->>'utm_source', '') AS source,
           coalesce(attribution->'first_touch'->>'utm_medium', '') AS medium
      FROM lead_submissions
     WHERE lead_id IN (${leadIds})
     ORDER BY lead_id, coalesce((attribution->>'verified')::boolean, false) DESC, (attribution IS NULL), created_at
  ) firsts WHERE campaign IS NOT NULL
)`;

const leadsOfPeriod = (start: Date, end: Date) => sql`SELECT lead_id FROM lead_submissions
   WHERE source = 'optin' AND created_at >= ${start} AND created_at < ${end}
  UNION ${meetingSteps(start, end).meeting_booked}
  UNION SELECT lead_id FROM proposals
   WHERE (sent_at >= ${start} AND sent_at < ${end}) OR (signed_at >= ${start} AND signed_at < ${end})`;

/**
 * The period's figures per campaign: visitors are the people (tracker ids) with a page view tagged with
 * the campaign in [start, end), one count per campaign they came through; questionnaire starts are those of
 * them who opened the questionnaire in the period; leads (questionnaire leads of the period, as the funnel's
 * Lead step), leads who booked a meeting (the funnel's Meeting booked), proposals shared and signed count
 * under the lead's first-touch campaign.
 */
export async function selectCampaignCounts(start: Date, end: Date): Promise<CampaignCountRow[]> {
  const { rows } = await runSql(
    sql<{
      campaign: string;
      source: string;
      medium: string;
      visitors: string;
      starters: string;
      leads: string;
      booked: string;
      shared: string;
      signed: string;
    }>`WITH tagged AS (
       SELECT DISTINCT user_id, metadata->>'utm_campaign' AS campaign,
              coalesce(metadata->>'utm_source', '') AS source, coalesce(metadata->>'utm_medium', '') AS medium
         FROM analytics_events
        WHERE event_type = 'page_view' AND received_at >= ${start} AND received_at < ${end} AND metadata ? 'utm_campaign'
     ),
     starters AS (
       SELECT DISTINCT e.user_id FROM analytics_events e
        WHERE e.user_id IN (SELECT user_id FROM tagged) AND e.event_type = 'page_view'
          AND e.path = ${QUESTIONNAIRE_PATH} AND e.received_at >= ${start} AND e.received_at < ${end}
     ),
     visits AS (
       SELECT campaign, source, medium, count(*) AS visitors, count(starters.user_id) AS starters
         FROM tagged LEFT JOIN starters USING (user_id) GROUP BY 1, 2, 3
     ),
     ${leadCampaign(leadsOfPeriod(start, end))},
     leads AS (
       SELECT c.campaign, c.source, c.medium, count(DISTINCT s.lead_id) AS leads
         FROM lead_submissions s JOIN lead_campaign c USING (lead_id)
        WHERE s.source = 'optin' AND s.created_at >= ${start} AND s.created_at < ${end} GROUP BY 1, 2, 3
     ),
     booked AS (
       SELECT c.campaign, c.source, c.medium, count(DISTINCT m.lead_id) AS booked
         FROM (${meetingSteps(start, end).meeting_booked}) m JOIN lead_campaign c USING (lead_id) GROUP BY 1, 2, 3
     ),
     proposals_of AS (
       SELECT c.campaign, c.source, c.medium,
              count(*) FILTER (WHERE p.sent_at >= ${start} AND p.sent_at < ${end}) AS shared,
              count(*) FILTER (WHERE p.signed_at >= ${start} AND p.signed_at < ${end}) AS signed
         FROM proposals p JOIN lead_campaign c ON c.lead_id = p.lead_id GROUP BY 1, 2, 3
     )
     SELECT campaign, source, medium, coalesce(v.visitors, 0) AS visitors, coalesce(v.starters, 0) AS starters,
            coalesce(l.leads, 0) AS leads, coalesce(b.booked, 0) AS booked,
            coalesce(p.shared, 0) AS shared, coalesce(p.signed, 0) AS signed
       FROM visits v
       FULL JOIN leads l USING (campaign, source, medium)
       FULL JOIN booked b USING (campaign, source, medium)
       FULL JOIN proposals_of p USING (campaign, source, medium)`,
  );
  return rows
    .map((row) => ({
      campaign: row.campaign,
      source: row.source,
      medium: row.medium,
      visitors: Number(row.visitors),
      starters: Number(row.starters),
      leads: Number(row.leads),
      booked: Number(row.booked),
      shared: Number(row.shared),
      signed: Number(row.signed),
    }))
    .filter((row) => row.visitors + row.leads + row.booked + row.shared + row.signed > 0);
}

/** Won revenue of [start, end) per campaign and currency: the signatures of the period, as parsed at signing. */
export async function selectCampaignRevenue(start: Date, end: Date): Promise<CampaignRevenueRow[]> {
  const { rows } = await runSql(
    sql<{
      campaign: string;
      source: string;
      medium: string;
      currency: string;
      initial: string;
      monthly: string;
    }>`WITH ${leadCampaign(sql`SELECT p.lead_id FROM proposal_signatures s JOIN proposals p ON p.id = s.proposal_id
                          WHERE s.signed_at >= ${start} AND s.signed_at < ${end}`)}
     SELECT c.campaign, c.source, c.medium, s.revenue_currency AS currency,
            coalesce(sum(s.revenue_initial), 0) AS initial, coalesce(sum(s.revenue_monthly), 0) AS monthly
       FROM proposal_signatures s
       JOIN proposals p ON p.id = s.proposal_id
       JOIN lead_campaign c ON c.lead_id = p.lead_id
      WHERE s.signed_at >= ${start} AND s.signed_at < ${end} AND s.revenue_currency IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  return rows.map((row) => ({
    campaign: row.campaign,
    source: row.source,
    medium: row.medium,
    currency: row.currency,
    initial: Number(row.initial),
    monthly: Number(row.monthly),
  }));
}

/** The leads behind a campaign's figure: its step as the funnel counts it, under the lead's first-touch campaign. */
export async function selectCampaignLeadIds(query: {
  step: LeadFunnelStep;
  start: Date;
  end: Date;
  campaign: string;
  source: string;
  medium: string;
}): Promise<string[]> {
  const { start, end } = query;
  const inStep: Record<typeof query.step, RawSql> = {
    lead: sql`SELECT lead_id FROM lead_submissions WHERE source = 'optin' AND created_at >= ${start} AND created_at < ${end}`,
    ...meetingSteps(start, end),
    proposal_shared: sql`SELECT lead_id FROM proposals WHERE sent_at >= ${start} AND sent_at < ${end}`,
    proposal_viewed: sql`SELECT lead_id FROM proposals WHERE first_viewed_at >= ${start} AND first_viewed_at < ${end}`,
    signed: sql`SELECT lead_id FROM proposals WHERE signed_at >= ${start} AND signed_at < ${end}`,
  };
  const { rows } = await runSql(
    sql<{
      lead_id: string;
    }>`WITH step AS (${inStep[query.step]}), ${leadCampaign(sql`SELECT lead_id FROM step`)}
     SELECT DISTINCT c.lead_id FROM lead_campaign c
      WHERE c.campaign = ${query.campaign} AND c.source = ${query.source} AND c.medium = ${query.medium}`,
  );
  return rows.map((row) => row.lead_id);
}

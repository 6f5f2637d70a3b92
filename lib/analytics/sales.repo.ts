import "server-only";
import type { RawBuilder } from "kysely";
import { runReportSql, runSql, sql } from "@/lib/db";
import { HUMAN_ACTIVITY_TYPES } from "./sales.schema";

// The figures per salesperson (docs/product.md#per-salesperson). A lead belongs to its current owner; every
// query takes an owner id to keep one owner's leads only (null: everyone's, unassigned included).

const ownerFilter = (ownerId: string | null) =>
  sql`(${ownerId}::uuid IS NULL OR l.owner_id = ${ownerId}::uuid)`;

/**
 * The leads kept by `where` (over `l`) with the time each entered its current stage: the latest stage change the
 * system recorded into it, else its creation (the CRM's rule for stage age and won periods, lib/crm/lead.repo.ts
 * STAGE_ENTERED_AT). Materialized so that time is looked up once per lead: written inline, PostgreSQL copied
 * the lookup into each condition and aggregate that read it (three lookups per closed lead, two per won one).
 */
const leadsEnteredStage = (where: RawBuilder<unknown>) => sql`staged AS MATERIALIZED (
       SELECT l.id, l.owner_id, l.stage, l.created_at, l.expected_close,
              coalesce((SELECT max(a.created_at) FROM activities a
                         WHERE a.lead_id = l.id AND a.type = 'stage_change' AND a.detail->>'to' = l.stage::text),
                       l.created_at) AS entered_at
         FROM leads l WHERE ${where}
     )`;

export interface OwnerCountsRow {
  ownerId: string | null;
  newLeads: number;
  firstResponseMinutesMedian: number | null;
  proposalsShared: number;
  proposalsSigned: number;
  won: number;
  lost: number;
  daysToWinMedian: number | null;
}

/** Per owner (null: unassigned) over [start, end): every count of the table but activities and money. */
export async function selectOwnerCounts(
  start: Date,
  end: Date,
  ownerId: string | null,
): Promise<OwnerCountsRow[]> {
  const { rows } = await runReportSql(
    sql<{
      owner_id: string | null;
      new_leads: string;
      first_response: number | null;
      shared: string;
      signed: string;
      won: string;
      lost: string;
      days_to_win: number | null;
    }>`WITH ${leadsEnteredStage(sql`l.stage IN ('Won', 'Lost') AND ${ownerFilter(ownerId)}`)},
     created AS (
       SELECT l.owner_id, count(*) AS new_leads,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (f.at - l.created_at)) / 60)
                FILTER (WHERE f.at IS NOT NULL) AS first_response
         FROM leads l
         LEFT JOIN LATERAL (SELECT min(a.created_at) AS at FROM activities a
                             WHERE a.lead_id = l.id AND a.type = ANY(${HUMAN_ACTIVITY_TYPES}::text[])) f ON true
        WHERE l.created_at >= ${start} AND l.created_at < ${end} AND ${ownerFilter(ownerId)}
        GROUP BY 1
     ), shared AS (
       SELECT l.owner_id,
              count(*) FILTER (WHERE p.sent_at >= ${start} AND p.sent_at < ${end}) AS shared,
              count(*) FILTER (WHERE p.signed_at >= ${start} AND p.signed_at < ${end}) AS signed
         FROM proposals p JOIN leads l ON l.id = p.lead_id
        WHERE ((p.sent_at >= ${start} AND p.sent_at < ${end}) OR (p.signed_at >= ${start} AND p.signed_at < ${end}))
          AND ${ownerFilter(ownerId)}
        GROUP BY 1
     ), closed AS (
       SELECT owner_id,
              count(*) FILTER (WHERE stage = 'Won') AS won,
              count(*) FILTER (WHERE stage = 'Lost') AS lost,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (entered_at - created_at)) / 86400)
                FILTER (WHERE stage = 'Won') AS days_to_win
         FROM staged WHERE entered_at >= ${start} AND entered_at < ${end}
        GROUP BY 1
     ), owners AS (
       SELECT owner_id FROM created UNION SELECT owner_id FROM shared UNION SELECT owner_id FROM closed
     )
     SELECT o.owner_id, coalesce(c.new_leads, 0) AS new_leads, c.first_response,
            coalesce(s.shared, 0) AS shared, coalesce(s.signed, 0) AS signed,
            coalesce(w.won, 0) AS won, coalesce(w.lost, 0) AS lost, w.days_to_win
       FROM owners o
       LEFT JOIN created c ON c.owner_id IS NOT DISTINCT FROM o.owner_id
       LEFT JOIN shared s ON s.owner_id IS NOT DISTINCT FROM o.owner_id
       LEFT JOIN closed w ON w.owner_id IS NOT DISTINCT FROM o.owner_id`,
  );
  return rows.map((row) => ({
    ownerId: row.owner_id,
    newLeads: Number(row.new_leads),
    firstResponseMinutesMedian: row.first_response === null ? null : Number(row.first_response),
    proposalsShared: Number(row.shared),
    proposalsSigned: Number(row.signed),
    won: Number(row.won),
    lost: Number(row.lost),
    daysToWinMedian: row.days_to_win === null ? null : Number(row.days_to_win),
  }));
}

/** Human activities (notes, calls, e-mails, meetings) written in [start, end), per lead owner and type. */
export async function selectOwnerActivities(
  start: Date,
  end: Date,
  ownerId: string | null,
): Promise<{ ownerId: string | null; type: string; count: number }[]> {
  const { rows } = await runReportSql(
    sql<{
      owner_id: string | null;
      type: string;
      count: string;
    }>`SELECT l.owner_id, a.type, count(*) AS count
       FROM activities a JOIN leads l ON l.id = a.lead_id
      WHERE a.type = ANY(${HUMAN_ACTIVITY_TYPES}::text[]) AND a.created_at >= ${start} AND a.created_at < ${end} AND ${ownerFilter(ownerId)}
      GROUP BY 1, 2`,
  );
  return rows.map((row) => ({ ownerId: row.owner_id, type: row.type, count: Number(row.count) }));
}

export interface WonMoneyRow {
  ownerId: string | null;
  currency: string;
  initial: number;
  monthly: number;
  deals: number;
}

/**
 * Revenue of the deals won in [start, end) (leads in Won that entered it then), per owner and currency: the
 * amounts parsed when the lead's latest proposal was signed, else the value set by hand. A deal whose amounts
 * could not be read counts as a deal and adds nothing; one without any amount is in no currency.
 */
export async function selectWonMoney(
  start: Date,
  end: Date,
  ownerId: string | null,
): Promise<WonMoneyRow[]> {
  const { rows } = await runReportSql(
    sql<{
      owner_id: string | null;
      currency: string;
      initial: string;
      monthly: string;
      deals: string;
    }>`WITH ${leadsEnteredStage(sql`l.stage = 'Won' AND ${ownerFilter(ownerId)}`)},
     won AS (
       SELECT id, owner_id FROM staged WHERE entered_at >= ${start} AND entered_at < ${end}
     ), valued AS (
       SELECT w.owner_id,
              CASE WHEN s.found THEN s.currency ELSE m.currency END AS currency,
              CASE WHEN s.found THEN s.initial ELSE m.initial END AS initial,
              CASE WHEN s.found THEN s.monthly ELSE m.monthly END AS monthly
         FROM won w
         LEFT JOIN LATERAL (
           SELECT true AS found, ps.revenue_currency AS currency, ps.revenue_initial AS initial,
                  ps.revenue_monthly AS monthly
             FROM proposals p JOIN proposal_signatures ps ON ps.proposal_id = p.id
            WHERE p.lead_id = w.id ORDER BY ps.signed_at DESC LIMIT 1) s ON true
         LEFT JOIN lead_manual_values m ON m.lead_id = w.id
     )
     SELECT owner_id, currency, coalesce(sum(initial), 0) AS initial, coalesce(sum(monthly), 0) AS monthly,
            count(*) AS deals
       FROM valued WHERE currency IS NOT NULL GROUP BY 1, 2`,
  );
  return rows.map((row) => ({
    ownerId: row.owner_id,
    currency: row.currency,
    initial: Number(row.initial),
    monthly: Number(row.monthly),
    deals: Number(row.deals),
  }));
}

/** Open deals of one owner, close month and stage with the same value source, as the forecast adds them up. */
export interface OpenDealGroupRow {
  ownerId: string | null;
  /** YYYY-MM of the expected close day (before the forecast moves a past one to the current month). */
  month: string;
  stage: string;
  /** The current proposal's investment section (as stored) these deals share, or null: valued by hand. */
  investment: unknown;
  /** Without a current proposal: the currency and the sum of the deals' first-year values set by hand. */
  manual: { currency: string; amount: number } | null;
  deals: number;
}

/**
 * Every open lead with a value (not Won or Lost), grouped by owner, the month it is expected to close and its
 * stage, in PostgreSQL: the forecast needs sums, and sending each of tens of thousands of deals to be added up
 * here cost more than the database's work (docs/performance.md#reports-without-jit). The expected close day
 * (docs/product.md#forecast) is the day set on the lead, else its current proposal's expiry as a local day,
 * else the local day it entered its stage plus `closeDays[stage]` (30 for a stage without one). A deal with a
 * current proposal is valued from that proposal's investment section, read in TypeScript like the CRM's deal
 * value, so those are grouped by the section itself; the rest sum their first-year value set by hand.
 */
export async function selectOpenDealsByCloseMonth(
  ownerId: string | null,
  timeZone: string,
  closeDays: Record<string, number>,
): Promise<OpenDealGroupRow[]> {
  const { rows } = await runReportSql(
    sql<{
      owner_id: string | null;
      month: string;
      stage: string;
      investment: unknown;
      currency: string | null;
      amount: string | null;
      deals: string;
    }>`WITH ${leadsEnteredStage(sql`l.stage NOT IN ('Won', 'Lost') AND ${ownerFilter(ownerId)}`)},
     dated AS (
       SELECT l.owner_id, l.stage::text AS stage, cp.investment,
              CASE WHEN cp.investment IS NULL THEN m.currency END AS currency,
              CASE WHEN cp.investment IS NULL THEN round(m.initial + 12 * m.monthly, 2) END AS amount,
              to_char(coalesce(l.expected_close,
                               (cp.expires_at AT TIME ZONE ${timeZone})::date,
                               (l.entered_at AT TIME ZONE ${timeZone})::date
                                 + coalesce((${JSON.stringify(closeDays)}::jsonb ->> l.stage::text)::int, 30)),
                      'YYYY-MM') AS month
         FROM staged l
         LEFT JOIN LATERAL (
           SELECT nullif(p.data->'investment', 'null'::jsonb) AS investment, p.expires_at FROM proposals p
            WHERE p.lead_id = l.id AND p.status IN ('shared', 'viewed', 'signed')
            ORDER BY coalesce(p.sent_at, p.created_at) DESC, p.created_at DESC LIMIT 1) cp ON true
         LEFT JOIN lead_manual_values m ON m.lead_id = l.id
     )
     SELECT owner_id, month, stage, investment, currency, sum(amount) AS amount, count(*) AS deals
       FROM dated WHERE investment IS NOT NULL OR currency IS NOT NULL
      GROUP BY owner_id, month, stage, investment, currency`,
  );
  return rows.map((row) => ({
    ownerId: row.owner_id,
    month: row.month,
    stage: row.stage,
    investment: row.investment,
    manual: row.currency === null ? null : { currency: row.currency, amount: Number(row.amount) },
    deals: Number(row.deals),
  }));
}

/** Names of staff accounts by id, and the active sales accounts (listed even with nothing to show). */
export async function selectOwnerNames(
  ids: string[],
): Promise<{ id: string; name: string; isListed: boolean }[]> {
  const { rows } = await runSql(
    sql<{
      id: string;
      name: string;
      is_listed: boolean;
    }>`SELECT id, name, (active AND role = 'sales') AS is_listed FROM staff_accounts
      WHERE id = ANY(${ids}::uuid[]) OR (active AND role = 'sales')`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, isListed: row.is_listed }));
}

/** Revenue signed per local month (YYYY-MM in `timeZone`) and currency over [start, end), of one owner or all. */
export async function selectSignedByMonth(
  start: Date,
  end: Date,
  ownerId: string | null,
  timeZone: string,
): Promise<{ month: string; currency: string; initial: number; monthly: number }[]> {
  const { rows } = await runReportSql(
    sql<{
      month: string;
      currency: string;
      initial: string;
      monthly: string;
    }>`SELECT to_char(s.signed_at AT TIME ZONE ${timeZone}, 'YYYY-MM') AS month, s.revenue_currency AS currency,
            coalesce(sum(s.revenue_initial), 0) AS initial, coalesce(sum(s.revenue_monthly), 0) AS monthly
       FROM proposal_signatures s JOIN proposals p ON p.id = s.proposal_id
       LEFT JOIN leads l ON l.id = p.lead_id
      WHERE s.signed_at >= ${start} AND s.signed_at < ${end} AND s.revenue_currency IS NOT NULL
        AND ${ownerFilter(ownerId)}
      GROUP BY 1, 2`,
  );
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    initial: Number(row.initial),
    monthly: Number(row.monthly),
  }));
}

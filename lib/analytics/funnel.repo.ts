import "server-only";
import { runSql, sql, type RawSql } from "@/lib/db";
import { QUESTIONNAIRE_PATH } from "./ingest.repo";
import type { LeadFunnelStep } from "./dashboard.schema";
import { addDays, type DaySpan } from "./periods";

export interface FunnelCountRow {
  step: string;
  channel: string;
  landingPage: string;
  count: number;
}

export interface RevenueRow {
  channel: string;
  currency: string;
  initial: number;
  monthly: number;
  deals: number;
  unparsed: number;
}

/**
 * Each lead's channel and landing page: its first verified attribution's first touch, else its first
 * attribution of any kind (the rule of lib/leads/lead-attribution.service.ts); 'unknown' without one.
 * `leadIds` (a query of lead ids) limits it to the leads a figure needs: sorting every lead ever
 * submitted, once per query, cost more than the rest of a month's funnel.
 */
const leadOrigin = (leadIds?: RawSql) => sql`lead_origin AS (
  SELECT DISTINCT ON (lead_id) lead_id,
         coalesce(attribution->'first_touch'->>'channel', 'unknown') AS channel,
         coalesce(attribution->'first_touch'->>'landing_page', 'unknown') AS landing_page
    FROM lead_submissions
   ${leadIds ? sql`WHERE lead_id IN (${leadIds})` : sql``}
   ORDER BY lead_id, coalesce((attribution->>'verified')::boolean, false) DESC, (attribution IS NULL), created_at
)`;

/**
 * The span's visitor-days over the whole days firstDay..lastDay, read from the funnel index alone: whether
 * the day's arrival came from outside the site, and the visitor's earlier days (prev_day, prev_ext_day).
 */
const wholeDayRows = (
  firstDay: string,
  lastDay: string,
) => sql`SELECT visitor_id, coalesce(NOT arrival_internal, false) AS external, prev_day, prev_ext_day,
       coalesce(arrival_channel, 'unknown') AS channel, coalesce(landing_page, 'unknown') AS landing_page,
       opened_questionnaire AS opened
  FROM analytics_daily_visitors WHERE day BETWEEN ${firstDay}::date AND ${lastDay}::date`;

/**
 * A partial last day (`day`, cut at `until`; none when `day` is null), from the same rollup: a visitor counts on it
 * when their earliest page view of the day came before the cut; their arrival is the stored one when it
 * came before the cut (the day's first in the order, so also the first before it), else nothing from
 * outside the site came before the cut and the arrival is that earliest view, internal, read as direct.
 */
const partialDayRows = (
  day: string | null,
  until: Date,
) => sql`SELECT visitor_id, coalesce(arrival_at < ${until} AND NOT arrival_internal, false) AS external, prev_day, prev_ext_day,
       CASE WHEN arrival_at < ${until} THEN coalesce(arrival_channel, 'unknown') ELSE 'direct' END AS channel,
       CASE WHEN arrival_at < ${until} THEN coalesce(landing_page, 'unknown') ELSE first_view_path END AS landing_page,
       coalesce(questionnaire_at < ${until}, false) AS opened
  FROM analytics_daily_visitors
 WHERE day = ${day}::date AND least(first_view_at, arrival_at) < ${until}`;

/**
 * Each visitor's first arrival over the span: from outside the site first, then the earliest (one
 * visitor-day per day, so the earliest is the first day). Found by filters, not by sorting the span:
 * - the first external visitor-day of the span is the external one whose visitor last arrived from outside
 *   before the span began (prev_ext_day before its first day);
 * - a visitor who never arrived from outside in the span counts at their first visitor-day in it (prev_day
 *   before the first day), unless a later day of theirs was external: that day is then an external first arrival
 *   after earlier days in the span (prev_day on or after the first day), a rare row, so the exclusion is a small
 *   anti-join.
 * The span is read again by each use (NOT MATERIALIZED): each read is an index-only scan with its own
 * filter, rather than a year of visitor-days written aside once and read back (not measured against it).
 */
const arrivals = (rows: RawSql, firstDay: string) => sql`span AS NOT MATERIALIZED (${rows}),
  arrivals AS (
    SELECT visitor_id, channel, landing_page FROM span
     WHERE external AND (prev_ext_day IS NULL OR prev_ext_day < ${firstDay}::date)
    UNION ALL
    SELECT visitor_id, channel, landing_page FROM span AS first_day
     WHERE NOT external AND (prev_day IS NULL OR prev_day < ${firstDay}::date)
       AND NOT EXISTS (SELECT FROM span AS later
                        WHERE later.visitor_id = first_day.visitor_id AND later.external
                          AND (later.prev_ext_day IS NULL OR later.prev_ext_day < ${firstDay}::date)
                          AND later.prev_day >= ${firstDay}::date)
  )`;

/**
 * The funnel's counts over a span of local days (the last one possibly cut at `partialLastDay.until`), by
 * channel and landing page. Visitors (and those of them who opened the questionnaire) count under their
 * first arrival of the span, read from the visitor rollup's arrival of each day (and, on a partial last
 * day, its earliest page view); leads, proposals and signatures under the lead's first touch. Each
 * row is one (step, channel, landing page).
 */
export async function selectFunnelCounts(span: DaySpan): Promise<FunnelCountRow[]> {
  const partial = span.partialLastDay;
  const lastWholeDay = partial ? addDays(span.lastDay, -1) : span.lastDay;
  const end = partial?.until ?? span.end;
  const { rows } = await runSql(
    sql<{
      step: string;
      channel: string;
      landing_page: string;
      count: string;
    }>`WITH ${arrivals(sql`${wholeDayRows(span.firstDay, lastWholeDay)} UNION ALL ${partialDayRows(partial ? span.lastDay : null, end)}`, span.firstDay)},
     -- Who opened the questionnaire in the span (on the partial day, before the cut): the few rows that say so.
     questionnaire AS (SELECT DISTINCT visitor_id FROM span WHERE opened),
     arrival_counts AS (
       SELECT channel, landing_page, count(*) AS visitors, count(questionnaire.visitor_id) AS starters
         FROM arrivals LEFT JOIN questionnaire USING (visitor_id) GROUP BY 1, 2
     ),
     ${leadOrigin(sql`SELECT lead_id FROM lead_submissions WHERE source = 'optin' AND created_at >= ${span.start} AND created_at < ${end}
                    UNION SELECT lead_id FROM meetings
                     WHERE lead_id IS NOT NULL AND ((created_at >= ${span.start} AND created_at < ${end})
                        OR (outcome = 'held' AND starts_at >= ${span.start} AND starts_at < ${end}))
                    UNION SELECT lead_id FROM proposals
                     WHERE (sent_at >= ${span.start} AND sent_at < ${end}) OR (first_viewed_at >= ${span.start} AND first_viewed_at < ${end})
                        OR (signed_at >= ${span.start} AND signed_at < ${end})`)},
     proposal_origin AS (
       SELECT p.sent_at, p.first_viewed_at, p.signed_at,
              coalesce(o.channel, 'unknown') AS channel, coalesce(o.landing_page, 'unknown') AS landing_page
         FROM proposals p LEFT JOIN lead_origin o ON o.lead_id = p.lead_id
        WHERE (p.sent_at >= ${span.start} AND p.sent_at < ${end})
           OR (p.first_viewed_at >= ${span.start} AND p.first_viewed_at < ${end})
           OR (p.signed_at >= ${span.start} AND p.signed_at < ${end})
     )
     SELECT 'visitors' AS step, channel, landing_page, visitors AS count FROM arrival_counts
     UNION ALL
     SELECT 'questionnaire_started', channel, landing_page, starters FROM arrival_counts WHERE starters > 0
     UNION ALL
     SELECT 'lead', o.channel, o.landing_page, count(DISTINCT s.lead_id)
       FROM lead_submissions s JOIN lead_origin o USING (lead_id)
      WHERE s.source = 'optin' AND s.created_at >= ${span.start} AND s.created_at < ${end} GROUP BY 2, 3
     UNION ALL
     -- Meetings count leads, as the lead step does: a lead who books twice (or cancels and books again) once.
     SELECT 'meeting_booked', o.channel, o.landing_page, count(DISTINCT m.lead_id)
       FROM meetings m JOIN lead_origin o USING (lead_id)
      WHERE m.created_at >= ${span.start} AND m.created_at < ${end} GROUP BY 2, 3
     UNION ALL
     SELECT 'meeting_held', o.channel, o.landing_page, count(DISTINCT m.lead_id)
       FROM meetings m JOIN lead_origin o USING (lead_id)
      WHERE m.outcome = 'held' AND m.starts_at >= ${span.start} AND m.starts_at < ${end} GROUP BY 2, 3
     UNION ALL
     SELECT 'proposal_shared', channel, landing_page, count(*) FROM proposal_origin
      WHERE sent_at >= ${span.start} AND sent_at < ${end} GROUP BY 2, 3
     UNION ALL
     SELECT 'proposal_viewed', channel, landing_page, count(*) FROM proposal_origin
      WHERE first_viewed_at >= ${span.start} AND first_viewed_at < ${end} GROUP BY 2, 3
     UNION ALL
     SELECT 'signed', channel, landing_page, count(*) FROM proposal_origin
      WHERE signed_at >= ${span.start} AND signed_at < ${end} GROUP BY 2, 3`,
  );
  return rows.map((row) => ({
    step: row.step,
    channel: row.channel,
    landingPage: row.landing_page,
    count: Number(row.count),
  }));
}

/**
 * Revenue of the proposals signed in [start, end), by the lead's channel and the currency, as parsed at
 * signing. A signature whose amounts could not be read counts as a deal and as unparsed, adding nothing.
 */
export async function selectRevenueByChannel(start: Date, end: Date): Promise<RevenueRow[]> {
  const { rows } = await runSql(
    sql<{
      channel: string;
      currency: string;
      initial: string;
      monthly: string;
      deals: string;
      unparsed: string;
    }>`WITH ${leadOrigin(sql`SELECT p.lead_id FROM proposal_signatures s JOIN proposals p ON p.id = s.proposal_id
                        WHERE s.signed_at >= ${start} AND s.signed_at < ${end}`)}
     SELECT coalesce(o.channel, 'unknown') AS channel, s.revenue_currency AS currency,
            coalesce(sum(s.revenue_initial), 0) AS initial, coalesce(sum(s.revenue_monthly), 0) AS monthly,
            count(*) AS deals,
            count(*) FILTER (WHERE s.revenue_initial IS NULL OR s.revenue_monthly IS NULL) AS unparsed
       FROM proposal_signatures s
       JOIN proposals p ON p.id = s.proposal_id
       LEFT JOIN lead_origin o ON o.lead_id = p.lead_id
      WHERE s.signed_at >= ${start} AND s.signed_at < ${end} AND s.revenue_currency IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((row) => ({
    channel: row.channel,
    currency: row.currency,
    initial: Number(row.initial),
    monthly: Number(row.monthly),
    deals: Number(row.deals),
    unparsed: Number(row.unparsed),
  }));
}

export interface RevenueDayRow {
  date: string;
  currency: string;
  initial: number;
  monthly: number;
  deals: number;
  unparsed: number;
}

/**
 * Won revenue per local day (in `timeZone`) and currency over [start, end): the same signatures as
 * selectRevenueByChannel, so the days of a currency add up to its rows there. Days without one are absent.
 */
export async function selectRevenueByDay(
  start: Date,
  end: Date,
  timeZone: string,
): Promise<RevenueDayRow[]> {
  const { rows } = await runSql(
    sql<{
      date: string;
      currency: string;
      initial: string;
      monthly: string;
      deals: string;
      unparsed: string;
    }>`SELECT to_char(s.signed_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date, s.revenue_currency AS currency,
            coalesce(sum(s.revenue_initial), 0) AS initial, coalesce(sum(s.revenue_monthly), 0) AS monthly,
            count(*) AS deals,
            count(*) FILTER (WHERE s.revenue_initial IS NULL OR s.revenue_monthly IS NULL) AS unparsed
       FROM proposal_signatures s
      WHERE s.signed_at >= ${start} AND s.signed_at < ${end} AND s.revenue_currency IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((row) => ({
    date: row.date,
    currency: row.currency,
    initial: Number(row.initial),
    monthly: Number(row.monthly),
    deals: Number(row.deals),
    unparsed: Number(row.unparsed),
  }));
}

/**
 * The leads of the meeting steps: a meeting booked in the period (whatever became of it), and a meeting
 * held (its outcome) that took place in the period. Meetings whose lead was erased have none.
 */
export const meetingSteps = (start: Date, end: Date) => ({
  meeting_booked: sql`SELECT lead_id FROM meetings
                     WHERE lead_id IS NOT NULL AND created_at >= ${start} AND created_at < ${end}`,
  meeting_held: sql`SELECT lead_id FROM meetings
                   WHERE lead_id IS NOT NULL AND outcome = 'held' AND starts_at >= ${start} AND starts_at < ${end}`,
});

export interface FunnelLeadQuery {
  step: LeadFunnelStep;
  start: Date;
  end: Date;
  channel?: string;
  landingPage?: string;
  /** Signed only: the deals won in this currency (revenue_by_channel's rows). */
  currency?: string;
}

/**
 * The leads counted in one step of selectFunnelCounts (or, with a currency, in a revenue_by_channel row),
 * by the same rules: a lead by its optin submissions of the period, the proposal steps by the proposal's
 * times, each under the lead's first touch. A lead with two proposals in a step is listed once.
 */
export async function selectFunnelLeadIds(query: FunnelLeadQuery): Promise<string[]> {
  const { start, end } = query;
  const channel = query.channel ?? null;
  const landingPage = query.landingPage ?? null;
  const inStep: Record<FunnelLeadQuery["step"], RawSql> = {
    lead: sql`SELECT lead_id FROM lead_submissions
            WHERE source = 'optin' AND created_at >= ${start} AND created_at < ${end}`,
    ...meetingSteps(start, end),
    proposal_shared: sql`SELECT lead_id FROM proposals WHERE sent_at >= ${start} AND sent_at < ${end}`,
    proposal_viewed: sql`SELECT lead_id FROM proposals WHERE first_viewed_at >= ${start} AND first_viewed_at < ${end}`,
    signed: query.currency
      ? sql`SELECT p.lead_id FROM proposal_signatures s JOIN proposals p ON p.id = s.proposal_id
          WHERE s.signed_at >= ${start} AND s.signed_at < ${end} AND s.revenue_currency = ${query.currency}`
      : sql`SELECT lead_id FROM proposals WHERE signed_at >= ${start} AND signed_at < ${end}`,
  };
  const { rows } = await runSql(
    sql<{ lead_id: string }>`WITH ${leadOrigin()}
     SELECT DISTINCT x.lead_id FROM (${inStep[query.step]}) x
       LEFT JOIN lead_origin o ON o.lead_id = x.lead_id
      WHERE x.lead_id IS NOT NULL
        AND (${channel}::text IS NULL OR coalesce(o.channel, 'unknown') = ${channel})
        AND (${landingPage}::text IS NULL OR coalesce(o.landing_page, 'unknown') = ${landingPage})`,
  );
  return rows.map((row) => row.lead_id);
}

export interface StepVisitsRow {
  /** The furthest step the visit reached, and whether it then sent the questionnaire. */
  maxStep: number;
  isCompleted: boolean;
  visits: number;
}

export interface StepTimingRow {
  step: number;
  name: string | null;
  medianSeconds: number | null;
}

const stepsInPeriod = (start: Date, end: Date) => sql`step_events AS (
  SELECT session_id, user_id, (metadata->>'step')::int AS step, client_timestamp, metadata->>'step_name' AS name
    FROM analytics_events
   WHERE event_type = 'questionnaire_step' AND received_at >= ${start} AND received_at < ${end}
),
steps AS (
  SELECT session_id, step, min(client_timestamp) AS at, min(name) AS name FROM step_events GROUP BY 1, 2
),
-- Sendings of the questionnaire, looked up only for the visitors who reached a step (by the visitor's
-- events index), rather than among every form sent in the period.
completed AS (
  SELECT e.session_id, min(e.client_timestamp) AS at
    FROM (SELECT DISTINCT session_id, user_id FROM step_events) AS s
    JOIN analytics_events e ON e.user_id = s.user_id AND e.session_id = s.session_id
   WHERE e.event_type = 'form_submit' AND e.received_at >= ${start} AND e.received_at < ${end}
     AND e.metadata->>'page' = ${QUESTIONNAIRE_PATH}
   GROUP BY 1
)`;

/**
 * Questionnaire visits (sessions) in [start, end) by the furthest step they reached. Repeated and
 * out-of-order step events change nothing: a visit counts once, at its furthest step.
 */
export async function selectStepVisits(start: Date, end: Date): Promise<StepVisitsRow[]> {
  const { rows } = await runSql(
    sql<{
      max_step: number;
      is_completed: boolean;
      visits: string;
    }>`WITH ${stepsInPeriod(start, end)}
     SELECT s.max_step, (c.session_id IS NOT NULL) AS is_completed, count(*) AS visits
       FROM (SELECT session_id, max(step) AS max_step FROM steps GROUP BY 1) s
       LEFT JOIN completed c USING (session_id)
      GROUP BY 1, 2`,
  );
  return rows.map((row) => ({
    maxStep: Number(row.max_step),
    isCompleted: row.is_completed,
    visits: Number(row.visits),
  }));
}

/**
 * Per step: its field name and the median time from reaching it to reaching the next one in the
 * same visit (to sending the questionnaire, for the last step), by the visitor's own clock.
 */
export async function selectStepTimings(
  start: Date,
  end: Date,
  lastStep: number,
): Promise<StepTimingRow[]> {
  const { rows } = await runSql(
    sql<{
      step: number;
      name: string | null;
      median: number | null;
    }>`WITH ${stepsInPeriod(start, end)},
     durations AS (
       SELECT s.step, s.name,
              extract(epoch FROM (coalesce(n.at, CASE WHEN s.step = ${lastStep} THEN c.at END) - s.at)) AS seconds
         FROM steps s
         LEFT JOIN steps n ON n.session_id = s.session_id AND n.step = s.step + 1
         LEFT JOIN completed c ON c.session_id = s.session_id
     )
     SELECT step, min(name) AS name,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE seconds >= 0) AS median
       FROM durations GROUP BY step`,
  );
  return rows.map((row) => ({
    step: Number(row.step),
    name: row.name,
    medianSeconds: row.median === null ? null : Math.round(Number(row.median) * 10) / 10,
  }));
}

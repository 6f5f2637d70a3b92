// How long we keep each kind of data. The nightly retention job (lib/privacy/retention.service.ts) enforces these
// and the privacy policy (messages/*.json, Privacy.sections.retention) prints them from here, so the
// two cannot drift: tests/unit/privacy/retention-policy.test.ts fails if the policy writes a period by hand
// or leaves one out, and tests/integration/privacy/retention-rows.test.ts runs the job against each rule.

export const RETENTION = {
  /**
   * Raw analytics events, and with them the visitor numbers (analytics_visitors) and per-visitor days
   * (analytics_daily_visitors) built from them; the daily totals the dashboard reads are kept.
   */
  analyticsEventsMonths: 26,
  /**
   * Ids of received analytics events, kept only to store a retried event once: a retry's timestamp must
   * be within a day of the server's clock, so none is accepted two days after the first arrival.
   */
  analyticsEventIdsDays: 7,
  /** Server (request) logs; kept by the hosting platform, rotated on this period. */
  serverLogsDays: 90,
  /** Submissions caught as spam (honeypot, filled too fast). */
  spamDays: 90,
  /** Submissions held for review ("Needs review") after staff accepted or discarded them. */
  heldDecidedDays: 30,
  /** Submissions held for review that nobody decided on, after they arrived. */
  heldUndecidedDays: 90,
  /**
   * CRM records after the last contact (activity) with the lead; also the IP address and browser logged
   * with each proposal event (a client's view), which lose them after this long whatever the lead.
   */
  crmInactiveYears: 3,
  /** Rate-limit counters: they only matter within their window. */
  rateLimitDays: 1,
  /** Staff sessions after they expired or were locked. */
  staffSessionDays: 1,
} as const;

/** The periods as the privacy policy's placeholders ({analyticsMonths}…). */
export function retentionPolicyValues() {
  return {
    analyticsMonths: RETENTION.analyticsEventsMonths,
    serverLogDays: RETENTION.serverLogsDays,
    spamDays: RETENTION.spamDays,
    heldDecidedDays: RETENTION.heldDecidedDays,
    heldUndecidedDays: RETENTION.heldUndecidedDays,
    crmYears: RETENTION.crmInactiveYears,
  };
}

/** `date` moved back by the given months (calendar months, in UTC). */
export function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

export const daysBefore = (date: Date, days: number) =>
  new Date(date.getTime() - days * 86_400_000);

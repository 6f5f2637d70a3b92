import type { NewJob } from "@/lib/jobs/queue";

// The alert and proposal-timer jobs other features enqueue, by kind and key (the handlers live in
// alerts.service.ts); a key per occurrence keeps each alert to one, however often it is asked for.

export const LEAD_ALERT_JOB = "alert.lead";
export const PROPOSAL_OPENED_ALERT_JOB = "alert.proposal_opened";
export const PROPOSAL_EXPIRE_JOB = "proposal.expire";
export const PROPOSAL_REMINDER_JOB = "proposal.reminder";

export const leadAlertJob = (leadId: string, submissionId: string, isNewLead: boolean): NewJob => ({
  kind: LEAD_ALERT_JOB,
  key: `alert:lead:${submissionId}`,
  payload: { leadId, submissionId, isNewLead },
});

export const proposalOpenedAlertJob = (proposalId: string): NewJob => ({
  kind: PROPOSAL_OPENED_ALERT_JOB,
  key: `alert:opened:${proposalId}`,
  payload: { proposalId },
});

/** Runs at the moment the link stops accepting a signature; a new date is a new job. */
export const proposalExpireJob = (proposalId: string, expiresAt: Date): NewJob => ({
  kind: PROPOSAL_EXPIRE_JOB,
  key: `expire:${proposalId}:${expiresAt.getTime()}`,
  payload: { proposalId },
  runAt: expiresAt,
});

/**
 * The client's reminder, due `daysBefore` days before the link expires; a new date is a new job
 * (the one for an older date finds the date moved and does nothing). One e-mail per proposal at
 * most, whatever runs: the message is keyed on the proposal (proposal-mail.service.ts).
 */
export const proposalReminderJob = (
  proposalId: string,
  expiresAt: Date,
  daysBefore: number,
): NewJob => ({
  kind: PROPOSAL_REMINDER_JOB,
  key: `reminder:${proposalId}:${expiresAt.getTime()}`,
  payload: { proposalId, expiresAt: expiresAt.toISOString() },
  runAt: new Date(expiresAt.getTime() - daysBefore * 86_400_000),
  maxAttempts: 5,
});

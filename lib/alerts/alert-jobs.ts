import type { NewJob } from "@/lib/jobs/queue";

// The alert and proposal-timer jobs other features enqueue, by kind and key (the handlers live in
// alerts.service.ts); a key per occurrence keeps each alert to one, however often it is asked for.

export const LEAD_ALERT_JOB = "alert.lead";
export const PROPOSAL_OPENED_ALERT_JOB = "alert.proposal_opened";
export const PROPOSAL_EXPIRE_JOB = "proposal.expire";

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

import "server-only";
import { leadAlertHandler, proposalOpenedAlertHandler } from "@/lib/alerts/alerts.service";
import { DIGEST_JOB, dailyDigestHandler, scheduleDailyDigest } from "@/lib/alerts/digest.service";
import {
  FORECAST_SNAPSHOT_JOB,
  forecastSnapshotHandler,
  scheduleForecastSnapshot,
} from "@/lib/analytics/forecast-snapshot.service";
import {
  PARTITIONS_JOB,
  partitionsHandler,
  schedulePartitionsAhead,
} from "@/lib/analytics/partitions.service";
import { ARTICLE_PUBLISH_JOB, articlePublishHandler } from "@/lib/content/article.service";
import { LEAD_ALERT_JOB } from "@/lib/leads/lead-capture.service";
import {
  CALENDAR_REFRESH_JOB,
  calendarRefreshHandler,
  scheduleCalendarReads,
} from "@/lib/meetings/calendar-sync.service";
import { MEETING_REMINDER_JOB, meetingReminderHandler } from "@/lib/meetings/meetings.service";
import { MAIL_JOB, mailJobHandler } from "@/lib/outbox/outbox.service";
import {
  RETENTION_JOB,
  retentionHandler,
  scheduleRetention,
} from "@/lib/privacy/retention.service";
import { proposalReminderHandler } from "@/lib/proposals/proposal-mail.service";
import {
  PROPOSAL_EXPIRE_JOB,
  PROPOSAL_OPENED_ALERT_JOB,
  PROPOSAL_REMINDER_JOB,
  proposalExpireHandler,
} from "@/lib/proposals/proposal-timers.service";
import { STAFF_RESET_JOB, staffResetHandler } from "@/lib/staff/password-reset.service";
import type { JobHandlers } from "@/lib/queue/worker";

// The registry sits above every feature: features enqueue jobs by kind (lib/queue) and export their
// handlers; only this file joins the two, so no feature imports another to have its work done.

/** Every kind of job the worker knows, by kind. */
export const JOB_HANDLERS: JobHandlers = {
  [MAIL_JOB]: mailJobHandler,
  [LEAD_ALERT_JOB]: leadAlertHandler,
  [PROPOSAL_OPENED_ALERT_JOB]: proposalOpenedAlertHandler,
  [PROPOSAL_EXPIRE_JOB]: proposalExpireHandler,
  [PROPOSAL_REMINDER_JOB]: proposalReminderHandler,
  [RETENTION_JOB]: retentionHandler,
  [DIGEST_JOB]: dailyDigestHandler,
  [PARTITIONS_JOB]: partitionsHandler,
  [STAFF_RESET_JOB]: staffResetHandler,
  [ARTICLE_PUBLISH_JOB]: articlePublishHandler,
  [MEETING_REMINDER_JOB]: meetingReminderHandler,
  [CALENDAR_REFRESH_JOB]: calendarRefreshHandler,
  [FORECAST_SNAPSHOT_JOB]: forecastSnapshotHandler,
};

/** Enqueues the next occurrence of each scheduled job (idempotent: keyed on the occurrence). */
export async function scheduleRecurringJobs(): Promise<void> {
  await scheduleRetention();
  await scheduleDailyDigest();
  await schedulePartitionsAhead();
  await scheduleForecastSnapshot();
  await scheduleCalendarReads();
}

import "server-only";
import { listAssignedTasksDueToday, listOverdueTasks } from "@/lib/crm/task.service";
import { leadPageOf, notifyAccounts } from "@/lib/notifications/notification.service";
import { serverEnv } from "@/lib/env";
import { localDate, nextLocalHour } from "@/lib/queue/local-time";
import { enqueueJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import { listProposalsExpiringWithin } from "@/lib/proposals/proposal.service";
import { findActiveOwnerMailboxes } from "@/lib/staff/account-directory.service";
import { buildDailyDigest } from "./alert-mail";

// The owners' morning digest (docs/product.md#alerts): at 08:00 in the business time zone, every
// active owner gets the overdue tasks and the unsigned proposals expiring within a week, and nobody
// gets anything on a day with nothing to say.

export const DIGEST_JOB = "alert.digest";
/** The hour of the business time zone (ANALYTICS_TIME_ZONE) the digest goes out at. */
export const DIGEST_HOUR = 8;
/** "This week": proposals whose link expires within this many days. */
const DIGEST_EXPIRY_WINDOW_DAYS = 7;

/** Builds and queues the digest for `now`'s business day; what it did, for the job's result. */
export async function sendDailyDigest(now = new Date()) {
  const timeZone = serverEnv().ANALYTICS_TIME_ZONE;
  const day = localDate(now, timeZone);
  await notifyTasksDueToday(now, day);
  const [tasks, proposals] = await Promise.all([
    listOverdueTasks(now),
    listProposalsExpiringWithin(DIGEST_EXPIRY_WINDOW_DAYS, now),
  ]);
  if (tasks.length === 0 && proposals.length === 0) return { skipped: "nothing to say", day };
  const owners = await findActiveOwnerMailboxes();
  for (const owner of owners)
    await enqueueMail({
      ...buildDailyDigest({
        to: owner.email,
        lang: owner.lang,
        day,
        timeZone,
        tasks: tasks.map((task) => ({
          title: task.title,
          leadId: task.lead_id,
          lead: task.lead_name,
          due: task.due_date!,
          assignee: task.assignee?.name ?? null,
        })),
        proposals: proposals.map((proposal) => ({
          id: proposal.id,
          title: proposal.title || proposal.client_name,
          client: proposal.client_name,
          expiresAt: new Date(proposal.expires_at!),
        })),
      }),
      kind: "digest",
      // One digest per owner and day, however often the job runs.
      dedupeKey: `digest:${day}:${owner.id}`,
    });
  return { day, owners: owners.length, tasks: tasks.length, proposals: proposals.length };
}

/** Each assignee hears of their tasks due today in the app, once per task and day. */
async function notifyTasksDueToday(now: Date, day: string): Promise<void> {
  for (const task of await listAssignedTasksDueToday(now))
    await notifyAccounts([task.assignee?.id], {
      kind: "task_due",
      values: { title: task.title, lead: task.lead_name ?? "—" },
      link: leadPageOf(task.lead_id),
      dedupeKey: `task_due:${task.id}:${day}`,
    });
}

export const dailyDigestHandler: JobHandler = {
  async run() {
    return sendDailyDigest();
  },
};

/** Enqueues the next 08:00 digest, keyed on its business day (two instances asking make one job). */
export async function scheduleDailyDigest(now = new Date()): Promise<void> {
  const timeZone = serverEnv().ANALYTICS_TIME_ZONE;
  const runAt = nextLocalHour(now, DIGEST_HOUR, timeZone);
  await enqueueJob({
    kind: DIGEST_JOB,
    key: `digest:${localDate(runAt, timeZone)}`,
    runAt,
    maxAttempts: 3,
  });
}

import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { daysBefore, monthsBefore, RETENTION } from "@/lib/privacy/retention";
import { testDb } from "../../support/factories";

const tag = randomUUID().slice(0, 8);
const DAY = 86_400_000;

async function event(receivedAt: Date, name: string) {
  await testDb().analyticsEvent.create({
    data: {
      eventId: `ret_${tag}_${name}`,
      eventType: "page_view",
      receivedAt,
      clientTimestamp: receivedAt,
      day: receivedAt,
      path: "/",
      userId: `user_${tag}`,
      sessionId: `session_${tag}`,
      sourceChannel: "direct",
      deviceClass: "desktop",
    },
  });
}

it("the nightly retention job removes exactly what is past its period, keeps the rest and the daily rollups, and records what it removed", async () => {
  const now = new Date();
  const db = testDb();
  // Analytics events: one just past 26 months, one just inside.
  await event(new Date(monthsBefore(now, RETENTION.analyticsEventsMonths).getTime() - DAY), "old");
  await event(new Date(monthsBefore(now, RETENTION.analyticsEventsMonths).getTime() + DAY), "kept");
  const rollup = {
    day: new Date("2024-01-01"),
    eventType: `page_view_${tag}`,
    sourceChannel: "direct",
  };
  await db.analyticsDailyCount.create({ data: { ...rollup, events: 7n } });
  // Spam: 91 days old and 89 days old.
  const spamOld = await db.spamSubmission.create({
    data: {
      reason: "honeypot",
      payload: { tag },
      createdAt: daysBefore(now, RETENTION.spamDays + 1),
    },
  });
  const spamKept = await db.spamSubmission.create({
    data: {
      reason: "honeypot",
      payload: { tag },
      createdAt: daysBefore(now, RETENTION.spamDays - 1),
    },
  });
  // Rate-limit rows from two days ago and from now.
  await db.rateLimitHit.create({
    data: { bucket: `ret_${tag}`, key: "old", createdAt: daysBefore(now, 2) },
  });
  await db.rateLimitHit.create({ data: { bucket: `ret_${tag}`, key: "new" } });
  await db.rateLimitCounter.create({
    data: { bucket: `ret_${tag}`, key: "old", windowStart: daysBefore(now, 2), count: 3 },
  });
  // Sessions: one expired two days ago, one still valid.
  await db.staffSession.create({
    data: { id: `ret_${tag}_old`, expiresAt: daysBefore(now, 2), createdAt: daysBefore(now, 3) },
  });
  await db.staffSession.create({
    data: { id: `ret_${tag}_live`, expiresAt: new Date(now.getTime() + DAY) },
  });

  await db.job.create({ data: { kind: "privacy.retention", key: `retention:test-${tag}` } });
  await drainDueJobs();

  expect(
    (await db.analyticsEvent.findMany({ where: { userId: `user_${tag}` } })).map((e) => e.eventId),
  ).toEqual([`ret_${tag}_kept`]);
  expect(
    await db.analyticsDailyCount.findUnique({ where: { day_eventType_sourceChannel: rollup } }),
  ).toMatchObject({
    events: 7n,
  });
  expect(await db.spamSubmission.findUnique({ where: { id: spamOld.id } })).toBeNull();
  expect(await db.spamSubmission.findUnique({ where: { id: spamKept.id } })).not.toBeNull();
  expect(
    (await db.rateLimitHit.findMany({ where: { bucket: `ret_${tag}` } })).map((h) => h.key),
  ).toEqual(["new"]);
  expect(await db.rateLimitCounter.count({ where: { bucket: `ret_${tag}` } })).toBe(0);
  expect(
    (await db.staffSession.findMany({ where: { id: { startsWith: `ret_${tag}` } } })).map(
      (s) => s.id,
    ),
  ).toEqual([`ret_${tag}_live`]);

  const job = await db.job.findUniqueOrThrow({ where: { key: `retention:test-${tag}` } });
  expect(job.status).toBe("done");
  const removed = (job.result as { removed: Record<string, number> }).removed;
  // Other test files share the database, so the counts are at least ours.
  expect(removed.analytics_events).toBeGreaterThanOrEqual(1);
  expect(removed.spam_submissions).toBeGreaterThanOrEqual(1);
  expect(removed.rate_limit_hits).toBeGreaterThanOrEqual(1);
  expect(removed.rate_limit_counters).toBeGreaterThanOrEqual(1);
  expect(removed.staff_sessions).toBeGreaterThanOrEqual(1);
});

it("the worker schedules one retention run per night, however often it asks", async () => {
  const { scheduleRecurringJobs } = await import("@/lib/jobs/registry");
  await scheduleRecurringJobs();
  await scheduleRecurringJobs();
  const runs = await testDb().job.findMany({
    where: { kind: "privacy.retention", key: { startsWith: "retention:2" }, status: "queued" },
  });
  expect(runs).toHaveLength(1);
  expect(runs[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  expect(runs[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + DAY);
});

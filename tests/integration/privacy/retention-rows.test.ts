import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { listDailyTraffic } from "@/lib/analytics/dashboard.repo";
import { serverEnv } from "@/lib/env";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { localDate } from "@/lib/queue/local-time";
import { daysBefore, monthsBefore, RETENTION } from "@/lib/privacy/retention";
import { testDb } from "../../support/factories";

// What the privacy policy promises about the rows it names, checked against the nightly retention job
// itself: periods come from lib/privacy/retention.ts, the same module the policy prints.

const tag = randomUUID().slice(0, 8);
const DAY = 86_400_000;
const now = new Date();
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const analyticsCutoff = monthsBefore(now, RETENTION.analyticsEventsMonths);
const timeZone = () => serverEnv().ANALYTICS_TIME_ZONE;

async function runRetentionJob(name: string) {
  await testDb().job.create({
    data: { kind: "privacy.retention", key: `retention:${name}-${tag}` },
  });
  await drainDueJobs();
  const job = await testDb().job.findUniqueOrThrow({ where: { key: `retention:${name}-${tag}` } });
  expect(job.status).toBe("done");
  return (job.result as { removed: Record<string, number> }).removed;
}

/** A visitor with a row for each of `days` (the latest is its seen_day) and the days' totals raised by one. */
async function visitor(name: string, days: string[]) {
  const db = testDb();
  const created = await db.analyticsVisitor.create({
    data: { userId: `user_${tag}_${name}`, seenDay: asDate(days.at(-1)!) },
  });
  for (const day of days) {
    await db.analyticsDailyVisitor.create({
      data: { day: asDate(day), visitorId: created.id, arrivalChannel: "direct", landingPage: "/" },
    });
    await db.analyticsDailyVisitorTotal.upsert({
      where: { day_shard: { day: asDate(day), shard: 0 } },
      create: { day: asDate(day), shard: 0, visitors: 1n },
      update: { visitors: { increment: 1n } },
    });
  }
  return created.id;
}

describe("analytics visitor ids after the analytics period", () => {
  const oldDay = () => localDate(new Date(analyticsCutoff.getTime() - 2 * DAY), timeZone());
  const keptDay = () => localDate(new Date(analyticsCutoff.getTime() + 2 * DAY), timeZone());
  let gone: bigint;
  let returning: bigint;
  let before: { day: string; visitors: number }[];
  let removed: Record<string, number>;

  beforeAll(async () => {
    gone = await visitor("gone", [oldDay()]);
    returning = await visitor("returning", [oldDay(), keptDay()]);
    before = await listDailyTraffic(oldDay(), keptDay());
    removed = await runRetentionJob("visitors");
  });

  it("deletes visitor ids last seen before the period and every per-visitor day before it", async () => {
    const db = testDb();
    expect(await db.analyticsVisitor.findUnique({ where: { id: gone } })).toBeNull();
    expect(await db.analyticsDailyVisitor.count({ where: { visitorId: gone } })).toBe(0);
    expect(
      (await db.analyticsDailyVisitor.findMany({ where: { visitorId: returning } })).map((row) =>
        row.day.toISOString().slice(0, 10),
      ),
    ).toEqual([keptDay()]);
    expect(await db.analyticsVisitor.findUnique({ where: { id: returning } })).not.toBeNull();
    expect(removed.analytics_visitors).toBeGreaterThanOrEqual(1);
    expect(removed.analytics_daily_visitors).toBeGreaterThanOrEqual(2);
  });

  it("the daily visitor totals the dashboard reads keep their counts", async () => {
    const after = await listDailyTraffic(oldDay(), keptDay());
    expect(after).toEqual(before);
    expect(after.find((row) => row.day === oldDay())?.visitors).toBeGreaterThanOrEqual(2);
  });
});

it("held submissions are deleted 30 days after a decision and 90 days after arriving undecided, and not before", async () => {
  const db = testDb();
  const held = (name: string, createdAt: Date, resolvedAt: Date | null) =>
    db.heldLeadSubmission.create({
      data: {
        submissionId: `held-${tag}-${name}`,
        bodyHash: `held-${tag}-${name}`,
        email: `${name}-${tag}@example.com`,
        payload: { name },
        clientAddress: "198.51.100.7",
        userAgent: "HeldBrowser",
        createdAt,
        resolvedAt,
        resolution: resolvedAt ? "discarded" : null,
      },
    });
  const decided = RETENTION.heldDecidedDays;
  const undecided = RETENTION.heldUndecidedDays;
  const rows = {
    decidedLongAgo: await held(
      "decided-long-ago",
      daysBefore(now, decided + 5),
      daysBefore(now, decided + 1),
    ),
    decidedLately: await held(
      "decided-lately",
      daysBefore(now, decided + 5),
      daysBefore(now, decided - 1),
    ),
    undecidedOld: await held("undecided-old", daysBefore(now, undecided + 1), null),
    undecidedYoung: await held("undecided-young", daysBefore(now, undecided - 1), null),
    // Arrived long ago but decided lately: the decision's period counts.
    oldButDecidedLately: await held(
      "old-decided-lately",
      daysBefore(now, undecided + 10),
      daysBefore(now, 2),
    ),
  };
  const removed = await runRetentionJob("held");
  const left = await db.heldLeadSubmission.findMany({
    where: { submissionId: { startsWith: `held-${tag}-` } },
    select: { id: true },
  });
  const leftIds = new Set(left.map((row) => row.id));
  expect(
    Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, leftIds.has(row.id)])),
  ).toEqual({
    decidedLongAgo: false,
    decidedLately: true,
    undecidedOld: false,
    undecidedYoung: true,
    oldButDecidedLately: true,
  });
  expect(removed.held_lead_submissions).toBeGreaterThanOrEqual(2);
});

it("a proposal view loses its IP address and browser after the CRM period and keeps its time", async () => {
  const db = testDb();
  const proposal = await db.proposal.create({
    data: { token: `views-${tag}`, data: {}, status: "viewed" },
  });
  const at = (years: number, days: number) =>
    new Date(monthsBefore(now, years * 12).getTime() + days * DAY);
  const old = await db.proposalEvent.create({
    data: {
      proposalId: proposal.id,
      type: "viewed",
      ipAddress: "198.51.100.8",
      userAgent: "OldBrowser",
      createdAt: at(RETENTION.crmInactiveYears, -1),
    },
  });
  const recent = await db.proposalEvent.create({
    data: {
      proposalId: proposal.id,
      type: "viewed",
      ipAddress: "198.51.100.9",
      userAgent: "NewBrowser",
      createdAt: at(RETENTION.crmInactiveYears, 1),
    },
  });
  await runRetentionJob("views");
  expect(await db.proposalEvent.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
    ipAddress: null,
    userAgent: null,
    createdAt: old.createdAt,
  });
  expect(await db.proposalEvent.findUniqueOrThrow({ where: { id: recent.id } })).toMatchObject({
    ipAddress: "198.51.100.9",
    userAgent: "NewBrowser",
  });
});

import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { daysBefore, monthsBefore, RETENTION } from "@/lib/privacy/retention";
import { makeStaffAccount, testDb } from "../../support/factories";

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
  // Sessions (Better Auth's rows): one expired two days ago, one still valid.
  const { id: userId } = await makeStaffAccount();
  await db.staffSession.create({
    data: {
      id: randomUUID(),
      token: `ret_${tag}_old`,
      userId,
      expiresAt: daysBefore(now, 2),
      createdAt: daysBefore(now, 3),
    },
  });
  await db.staffSession.create({
    data: {
      id: randomUUID(),
      token: `ret_${tag}_live`,
      userId,
      expiresAt: new Date(now.getTime() + DAY),
    },
  });

  // Two-factor challenges: one abandoned after the password step two days ago, one still open.
  await db.staffVerification.create({
    data: { identifier: `ret_${tag}_abandoned`, value: "{}", expiresAt: daysBefore(now, 2) },
  });
  await db.staffVerification.create({
    data: {
      identifier: `ret_${tag}_open`,
      value: "{}",
      expiresAt: new Date(now.getTime() + 10 * 60 * 1000),
    },
  });

  await db.job.create({ data: { kind: "privacy.retention", key: `retention:test-${tag}` } });
  await drainDueJobs();

  expect(
    (await db.analyticsEvent.findMany({ where: { userId: `user_${tag}` } })).map((e) => e.eventId),
  ).toEqual([`ret_${tag}_kept`]);
  expect(
    await db.analyticsDailyCount.findUnique({
      where: { day_eventType_sourceChannel_shard: { ...rollup, shard: 0 } },
    }),
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
    (await db.staffSession.findMany({ where: { token: { startsWith: `ret_${tag}` } } })).map(
      (s) => s.token,
    ),
  ).toEqual([`ret_${tag}_live`]);
  expect(
    (
      await db.staffVerification.findMany({ where: { identifier: { startsWith: `ret_${tag}` } } })
    ).map((v) => v.identifier),
  ).toEqual([`ret_${tag}_open`]);

  const job = await db.job.findUniqueOrThrow({ where: { key: `retention:test-${tag}` } });
  expect(job.status).toBe("done");
  const removed = (job.result as { removed: Record<string, number> }).removed;
  // Other test files share the database, so the counts are at least ours.
  expect(removed.analytics_events).toBeGreaterThanOrEqual(1);
  expect(removed.spam_submissions).toBeGreaterThanOrEqual(1);
  expect(removed.rate_limit_hits).toBeGreaterThanOrEqual(1);
  expect(removed.rate_limit_counters).toBeGreaterThanOrEqual(1);
  expect(removed.staff_sessions).toBeGreaterThanOrEqual(1);
  expect(removed.staff_verifications).toBeGreaterThanOrEqual(1);
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

it("the nightly retention erases leads with no activity for the CRM period (the same erasure as a manager's), and only those", async () => {
  const now = new Date();
  const db = testDb();
  const cutoff = monthsBefore(now, RETENTION.crmInactiveYears * 12);
  const past = new Date(cutoff.getTime() - DAY);
  const inside = new Date(cutoff.getTime() + DAY);
  const lead = (name: string, at: Date, personal = true) =>
    db.lead.create({
      data: {
        name: personal ? `${name} ${tag}` : null,
        email: personal ? `${name.toLowerCase()}-${tag}@example.com` : null,
        phone: personal ? "+34 600 111 222" : null,
        company: `${name} SL`,
        createdAt: at,
        updatedAt: at,
      },
    });
  // Silent for longer than the period, with an old note, task, submission, sent e-mail and signed proposal.
  const silent = await lead("Silent", past);
  await db.activity.create({
    data: { leadId: silent.id, type: "note", content: "Llamar en enero", createdAt: past },
  });
  await db.task.create({
    data: { leadId: silent.id, title: "Seguimiento", createdAt: past, updatedAt: past },
  });
  await db.leadSubmission.create({
    data: {
      submissionId: `ret-${tag}-silent`,
      leadId: silent.id,
      source: "optin",
      lang: "es",
      answers: { name: `Silent ${tag}`, challenge: "Perdemos llamadas" },
      createdAt: past,
    },
  });
  await db.mailMessage.create({
    data: {
      leadId: silent.id,
      kind: "lead_alert",
      toAddress: "ventas@avanza.example",
      subject: `Nuevo lead: Silent ${tag}`,
      status: "sent",
      createdAt: past,
    },
  });
  const proposal = await db.proposal.create({
    data: {
      token: `ret-${tag}`,
      data: { title: "Old deal" },
      leadId: silent.id,
      status: "signed",
      createdAt: past,
      updatedAt: past,
    },
  });
  await db.proposalSignature.create({
    data: {
      proposalId: proposal.id,
      fullName: `Silent ${tag}`,
      role: "CEO",
      company: "Silent SL",
      signedDate: "2020-01-01",
      image: Buffer.from("png"),
      contentSha256: "0".repeat(64),
      ipAddress: "203.0.113.1",
      userAgent: "Old browser",
      signedAt: past,
    },
  });
  // Old leads with something inside the period: a note, a submission, a task change, a proposal change.
  const noted = await lead("Noted", past);
  await db.activity.create({
    data: { leadId: noted.id, type: "note", content: "Sigue interesado", createdAt: inside },
  });
  const resubmitted = await lead("Resubmitted", past);
  await db.leadSubmission.create({
    data: {
      submissionId: `ret-${tag}-again`,
      leadId: resubmitted.id,
      source: "optin",
      lang: "es",
      answers: {},
      createdAt: inside,
    },
  });
  const tasked = await lead("Tasked", past);
  await db.task.create({
    data: { leadId: tasked.id, title: "Llamar", createdAt: past, updatedAt: inside },
  });
  const proposed = await lead("Proposed", past);
  await db.proposal.create({
    data: {
      token: `ret-${tag}-p`,
      data: {},
      leadId: proposed.id,
      createdAt: past,
      updatedAt: inside,
    },
  });
  const recent = await lead("Recent", inside);
  // Erased long ago: nothing left to erase, so it is not touched again.
  const alreadyErased = await lead("Erased", past, false);

  await db.job.create({ data: { kind: "privacy.retention", key: `retention:leads-${tag}` } });
  await drainDueJobs();

  const after = await db.lead.findUniqueOrThrow({
    where: { id: silent.id },
    include: { activities: true, tasks: true, submissions: true, mails: true },
  });
  expect(after).toMatchObject({ name: null, email: null, phone: null, company: "Silent SL" });
  expect(after.activities.map((a) => [a.type, a.actor])).toEqual([["erased", "system"]]);
  expect(after.tasks).toEqual([]);
  expect(after.submissions.map((s) => s.answers)).toEqual([{}]);
  expect(after.mails.map((m) => [m.toAddress, m.subject])).toEqual([["", ""]]);
  expect(
    await db.proposalSignature.findUniqueOrThrow({ where: { proposalId: proposal.id } }),
  ).toMatchObject({ fullName: "Silent SL", role: "", ipAddress: null, userAgent: null });

  for (const kept of [noted, resubmitted, tasked, proposed, recent]) {
    const row = await db.lead.findUniqueOrThrow({ where: { id: kept.id } });
    expect(row).toMatchObject({ name: kept.name, email: kept.email, phone: kept.phone });
  }
  expect(await db.activity.count({ where: { leadId: alreadyErased.id } })).toBe(0);

  const job = await db.job.findUniqueOrThrow({ where: { key: `retention:leads-${tag}` } });
  const removed = (job.result as { removed: { leads_erased: number; erased_lead_ids: string[] } })
    .removed;
  const ours = [silent, noted, resubmitted, tasked, proposed, recent, alreadyErased].map(
    (l) => l.id,
  );
  expect(removed.erased_lead_ids.filter((id) => ours.includes(id))).toEqual([silent.id]);
  expect(removed.leads_erased).toBe(removed.erased_lead_ids.length);
});

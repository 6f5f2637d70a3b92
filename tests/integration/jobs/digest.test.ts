// The owners' daily digest: one job per business day at 08:00 in ANALYTICS_TIME_ZONE (however many
// instances schedule it), to every active owner in their language, with the overdue tasks and the
// unsigned proposals expiring this week, and nothing at all on a day with nothing to say.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_JOB, scheduleDailyDigest, sendDailyDigest } from "@/lib/alerts/digest.service";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { dateIn } from "@/lib/meetings/time-zones";
import { makeLead, makeTask, testDb } from "../../support/factories";
import { cancelLeftoverMail } from "../../support/jobs";
import { startCaptureSmtp } from "../../support/smtp";
import { makeStaffAccount } from "../../support/staff";

const DAY_MS = 86_400_000;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;

beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.ANALYTICS_TIME_ZONE = "Europe/Madrid";
  await cancelLeftoverMail();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.ANALYTICS_TIME_ZONE;
  await smtp.stop();
});

describe("daily digest", () => {
  it("is scheduled once per business day at 08:00 in the business time zone, however often it is asked", async () => {
    // 23:30 in Madrid on 9 March 2026 (22:30 UTC): the next digest is 08:00 on the 10th, 07:00 UTC.
    const now = new Date("2026-03-09T22:30:00Z");
    await testDb().job.deleteMany({ where: { key: "digest:2026-03-10" } });
    await Promise.all([scheduleDailyDigest(now), scheduleDailyDigest(now)]);
    await scheduleDailyDigest(new Date("2026-03-10T06:59:00Z"));
    const jobs = await testDb().job.findMany({
      where: { kind: DIGEST_JOB, key: "digest:2026-03-10" },
    });
    expect(jobs.map((j) => j.runAt.toISOString())).toEqual(["2026-03-10T07:00:00.000Z"]);
    // After summer time starts (29 March), 08:00 in Madrid is 06:00 UTC.
    await testDb().job.deleteMany({ where: { key: "digest:2026-04-01" } });
    await scheduleDailyDigest(new Date("2026-03-31T12:00:00Z"));
    const summer = await testDb().job.findUniqueOrThrow({ where: { key: "digest:2026-04-01" } });
    expect(summer.runAt.toISOString()).toBe("2026-04-01T06:00:00.000Z");
    await testDb().job.deleteMany({
      where: { key: { in: ["digest:2026-03-10", "digest:2026-04-01"] } },
    });
  });

  it("says nothing on a day with no overdue task and no proposal expiring", async () => {
    // Long before any test row: nothing was due and nothing expires that week.
    const before = smtp.messages.length;
    expect(await sendDailyDigest(new Date("2001-05-02T07:00:00Z"))).toEqual({
      skipped: "nothing to say",
      day: "2001-05-02",
    });
    await drainDueJobs();
    expect(smtp.messages.length).toBe(before);
  });

  it("tells every active owner, in their language and once, of overdue tasks and proposals expiring this week", async () => {
    const owner = await makeStaffAccount({ role: "owner" });
    await testDb().staffAccount.update({ where: { id: owner.id }, data: { lang: "en" } });
    const formerOwner = await makeStaffAccount({ role: "owner" });
    await testDb().staffAccount.update({ where: { id: formerOwner.id }, data: { active: false } });
    const manager = await makeStaffAccount({ role: "manager" });

    const tag = randomUUID().slice(0, 6);
    const lead = await makeLead({ name: `Lead ${tag}` });
    const today = new Date();
    const twoDaysAgo = new Date(today.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
    const nextMonth = new Date(today.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
    await makeTask(lead.id, {
      title: `Overdue ${tag}`,
      dueDate: new Date(`${twoDaysAgo}T00:00:00Z`),
    });
    await makeTask(lead.id, {
      title: `Done ${tag}`,
      status: "done",
      dueDate: new Date(`${twoDaysAgo}T00:00:00Z`),
    });
    await makeTask(lead.id, { title: `Later ${tag}`, dueDate: new Date(`${nextMonth}T00:00:00Z`) });
    const proposal = (title: string, expiresInDays: number, status: "shared" | "signed") =>
      testDb().proposal.create({
        data: {
          token: randomUUID(),
          data: { title, lang: "es", client: { name: `Client ${tag}` } },
          status,
          expiresAt: new Date(today.getTime() + expiresInDays * DAY_MS),
        },
      });
    const soon = await proposal(`Soon ${tag}`, 3, "shared");
    await proposal(`Signed ${tag}`, 3, "signed");
    await proposal(`Far ${tag}`, 20, "shared");

    const before = smtp.messages.length;
    const earlierDigests = await testDb().mailMessage.findMany({
      where: { kind: "digest" },
      select: { toAddress: true, createdAt: true },
    });
    const result = await sendDailyDigest(today);
    // Asked again the same day (a retried job): no second digest.
    await sendDailyDigest(today);
    await drainDueJobs();
    const digests = smtp.messages.slice(before);
    const to = (address: string) => digests.filter((m) => m.to.includes(address));
    expect(to(owner.email)).toHaveLength(1);
    expect(to(formerOwner.email)).toHaveLength(0);
    expect(to(manager.email)).toHaveLength(0);
    const activeOwners = await testDb().staffAccount.findMany({
      where: { role: "owner", active: true },
      select: { email: true },
    });
    expect(result).toMatchObject({ owners: activeOwners.length });
    // Owners an earlier test already sent today's digest to (a digest addressed to them on this
    // business day) are not sent a second one.
    const day = "day" in result ? result.day : "";
    const toldToday = new Set(
      earlierDigests
        .filter((mail) => dateIn(mail.createdAt, "Europe/Madrid") === day)
        .map((mail) => mail.toAddress),
    );
    const notYetTold = activeOwners.filter((active) => !toldToday.has(active.email));
    expect(notYetTold.length).toBeGreaterThanOrEqual(1);
    expect(digests).toHaveLength(notYetTold.length);

    const mine = to(owner.email)[0]!;
    expect(mine.parsed.subject).toMatch(
      /^Summary for .+: \d+ overdue tasks? · \d+ proposals? expires? this week$/,
    );
    const text = mine.parsed.text!;
    expect(text).toContain(`Overdue ${tag} · Lead ${tag}`);
    expect(text).toContain("unassigned");
    expect(text).toContain(`/crm/leads/${lead.id}`);
    expect(text).toContain(`“Soon ${tag}” · Client ${tag}`);
    expect(text).toContain(`/proposal/db/${soon.id}`);
    for (const absent of [`Done ${tag}`, `Later ${tag}`, `Signed ${tag}`, `Far ${tag}`])
      expect(text).not.toContain(absent);
  });
});

// What a colleague who leaves still has open (leads, tasks, meetings to come), against PostgreSQL: the accounts page shows it for a deactivated
// account and the CRM's filters list such accounts, so their leads and tasks do not wait unseen.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listFormerColleaguesWithOpenWork, openWorkByAccount } from "@/lib/crm/open-work.service";
import { makeLead, makeStaffAccount, makeTask, testDb } from "../../support/factories";

describe("open work per account", () => {
  it("counts leads not Won or Lost and tasks not done, and leaves out accounts with neither", async () => {
    const busy = await makeStaffAccount({ role: "sales" });
    const idle = await makeStaffAccount({ role: "sales" });
    const open = await makeLead({ ownerId: busy.id, stage: "Negotiation" });
    await makeLead({ ownerId: busy.id, stage: "Qualification" });
    const won = await makeLead({ ownerId: busy.id, stage: "Won" });
    await makeLead({ ownerId: busy.id, stage: "Lost" });
    await makeTask(open.id, { assigneeId: busy.id, status: "doing" });
    await makeTask(won.id, { assigneeId: busy.id, status: "done" });
    await makeLead({ ownerId: idle.id, stage: "Won" });
    await makeTask(won.id, { assigneeId: idle.id, status: "done" });

    expect(await openWorkByAccount([busy.id, idle.id])).toEqual({
      [busy.id]: { leads: 2, tasks: 1, meetings: 0 },
    });

    // Meetings still to come count; past and cancelled ones do not.
    const type = await testDb().meetingType.create({
      data: {
        slug: `open-work-${randomUUID().slice(0, 8)}`,
        titleEs: "Llamada",
        titleEn: "Call",
        descriptionEs: "",
        descriptionEn: "",
        durationMinutes: 30,
        active: false,
      },
    });
    const meetingAt = (hoursFromNow: number, status = "booked") => {
      const start = new Date(Date.now() + hoursFromNow * 3_600_000);
      return testDb().meeting.create({
        data: {
          reference: `AV-${randomUUID().slice(0, 8).toUpperCase()}`,
          typeId: type.id,
          hostId: idle.id,
          startsAt: start,
          endsAt: new Date(start.getTime() + 30 * 60_000),
          status,
          name: "Lucía Fernández",
          email: "lucia@clinica-norte.example",
          lang: "es",
          timeZone: "Europe/Madrid",
        },
      });
    };
    await meetingAt(48);
    await meetingAt(-48);
    await meetingAt(72, "cancelled");
    expect(await openWorkByAccount([busy.id, idle.id])).toEqual({
      [busy.id]: { leads: 2, tasks: 1, meetings: 0 },
      [idle.id]: { leads: 0, tasks: 0, meetings: 1 },
    });
    expect(await openWorkByAccount([])).toEqual({});
  });

  it("lists the deactivated accounts that still have open leads or tasks, and only them", async () => {
    const leftWithLead = await makeStaffAccount({ role: "sales", name: "Aa Left With Lead" });
    const leftWithTask = await makeStaffAccount({ role: "manager", name: "Aa Left With Task" });
    const leftClean = await makeStaffAccount({ role: "sales", name: "Aa Left Clean" });
    const stillHere = await makeStaffAccount({ role: "sales", name: "Aa Still Here" });
    await makeLead({ ownerId: leftWithLead.id, stage: "Discovery" });
    const lead = await makeLead({ stage: "Proposal" });
    await makeTask(lead.id, { assigneeId: leftWithTask.id, status: "todo" });
    await makeLead({ ownerId: leftClean.id, stage: "Lost" });
    await makeLead({ ownerId: stillHere.id, stage: "Discovery" });
    await testDb().staffAccount.updateMany({
      where: { id: { in: [leftWithLead.id, leftWithTask.id, leftClean.id] } },
      data: { active: false },
    });

    const former = await listFormerColleaguesWithOpenWork();
    const ids = former.map((person) => person.id);
    expect(ids).toContain(leftWithLead.id);
    expect(ids).toContain(leftWithTask.id);
    expect(ids).not.toContain(leftClean.id);
    expect(ids).not.toContain(stillHere.id);
    expect(former.find((person) => person.id === leftWithTask.id)).toEqual({
      id: leftWithTask.id,
      name: "Aa Left With Task",
      role: "manager",
    });
  });
});

// What a colleague who leaves still has open, against PostgreSQL: the accounts page shows it for a deactivated
// account and the CRM's filters list such accounts, so their leads and tasks do not wait unseen.
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
      [busy.id]: { leads: 2, tasks: 1 },
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

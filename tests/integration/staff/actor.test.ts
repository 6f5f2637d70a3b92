// What a signed-in account does is recorded as that account: its id (actor_id) and its name in the timeline.
import { describe, expect, it } from "vitest";
import { GET as timeline, POST as addNote } from "@/app/api/crm/leads/[id]/activities/route";
import { POST as move } from "@/app/api/crm/leads/[id]/move/route";
import { POST as extendProposal } from "@/app/api/crm/proposals/[id]/extend/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as withdrawProposal } from "@/app/api/crm/proposals/[id]/withdraw/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { PATCH as updateTask } from "@/app/api/crm/tasks/[id]/route";
import { POST as createTask } from "@/app/api/crm/tasks/route";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { proposalData } from "../../support/proposals";
import { makeStaffAccount, signInCookie } from "../../support/staff";

describe("the actor of staff changes", () => {
  it("is the signed-in account for notes, stage changes and proposal events", async () => {
    const account = await makeStaffAccount({ role: "sales", name: "Sofía Ventas" });
    const cookie = await signInCookie(account);
    const lead = await makeLead();
    const params = { id: lead.id };
    expect(
      (
        await callRoute(addNote, {
          method: "POST",
          path: `/api/crm/leads/${lead.id}/activities`,
          params,
          cookie,
          body: { type: "note", content: "Called, will follow up" },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await callRoute(move, {
          method: "POST",
          path: `/api/crm/leads/${lead.id}/move?stage=Discovery`,
          params,
          cookie,
        })
      ).status,
    ).toBe(200);
    const rows = await testDb().activity.findMany({
      where: { leadId: lead.id, type: { in: ["note", "stage_change"] } },
      select: { type: true, actor: true, actorId: true },
    });
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ actor: "Sofía Ventas", actorId: account.id });
    const shown = await callRoute(timeline, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params,
      cookie,
    });
    expect(shown.json.map((a: { actor: string }) => a.actor)).toContain("Sofía Ventas");

    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      cookie,
      body: { data: proposalData({ lang: "en" }) },
    });
    expect(created.status, created.text).toBe(201);
    const event = await testDb().proposalEvent.findFirstOrThrow({
      where: { proposalId: created.json.id, type: "created" },
    });
    expect(event).toMatchObject({ actor: "Sofía Ventas", actorId: account.id });

    const proposalParams = { id: created.json.id };
    const base = `/api/crm/proposals/${created.json.id}`;
    for (const [route, path, body] of [
      [shareProposal, `${base}/share`, undefined],
      [extendProposal, `${base}/extend`, { days: 10 }],
      [withdrawProposal, `${base}/withdraw`, undefined],
    ] as const) {
      const res = await callRoute(route, {
        method: "POST",
        path,
        params: proposalParams,
        cookie,
        body,
      });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
    }
    const signingEvents = await testDb().proposalEvent.findMany({
      where: { proposalId: created.json.id, type: { in: ["shared", "extended", "withdrawn"] } },
      select: { type: true, actor: true, actorId: true },
    });
    expect(signingEvents.map((e) => e.type).sort()).toEqual(["extended", "shared", "withdrawn"]);
    for (const row of signingEvents)
      expect(row).toMatchObject({ actor: "Sofía Ventas", actorId: account.id });
  });

  it("is the signed-in account for task changes, shown in the lead's timeline", async () => {
    const creator = await makeStaffAccount({ role: "sales", name: "Sofía Ventas" });
    const closer = await makeStaffAccount({ role: "manager", name: "Mario Gerente" });
    const lead = await makeLead();
    const created = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      cookie: await signInCookie(creator),
      body: { title: "Send the case study", lead_id: lead.id, due_date: "2030-01-15" },
    });
    expect(created.status, created.text).toBe(201);
    const closerCookie = await signInCookie(closer);
    const done = await callRoute(updateTask, {
      method: "PATCH",
      path: `/api/crm/tasks/${created.json.id}`,
      params: { id: created.json.id },
      cookie: closerCookie,
      body: { status: "done" },
    });
    expect(done.status, done.text).toBe(200);
    // The same status again is not a change and adds nothing to the timeline.
    await callRoute(updateTask, {
      method: "PATCH",
      path: `/api/crm/tasks/${created.json.id}`,
      params: { id: created.json.id },
      cookie: closerCookie,
      body: { status: "done" },
    });

    const rows = await testDb().activity.findMany({
      where: { leadId: lead.id, type: { startsWith: "task_" } },
      orderBy: { createdAt: "asc" },
      select: { type: true, content: true, actor: true, actorId: true },
    });
    expect(rows).toEqual([
      {
        type: "task_created",
        content: "Send the case study · → Sofía Ventas · 2030-01-15",
        actor: "Sofía Ventas",
        actorId: creator.id,
      },
      {
        type: "task_status",
        content: "Send the case study: todo → done",
        actor: "Mario Gerente",
        actorId: closer.id,
      },
    ]);
    const shown = await callRoute(timeline, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      cookie: closerCookie,
    });
    const entries = shown.json as { type: string; actor: string }[];
    expect(
      entries
        .filter((a) => a.type.startsWith("task_"))
        .map((a) => a.actor)
        .sort(),
    ).toEqual(["Mario Gerente", "Sofía Ventas"]);
  });
});

// What a signed-in account does is recorded as that account: its id (actor_id) and its name in the timeline.
import { describe, expect, it } from "vitest";
import { GET as timeline, POST as addNote } from "@/app/api/crm/leads/[id]/activities/route";
import { POST as move } from "@/app/api/crm/leads/[id]/move/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
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
      body: {
        data: {
          lang: "en",
          title: "Voice agent",
          client: {
            name: "ACME",
            industry: "Retail",
            country: "US",
            contactEmail: "a@acme.example",
            contactId: "",
            logoUrl: "",
          },
          kpis: ["Answer in a minute"],
          comparison: [{ metric: "Response", baseline: "4 h", agent: "1 min", delta: "-99%" }],
          investment: {
            currency: "USD",
            items: [{ label: "Build", amount: "24,000" }],
            subtotal: "24,000",
            monthly: [],
            notes: [],
            totalNotice: "",
          },
          timeline: [{ phase: "Discovery", duration: "2 weeks", activities: ["Interviews"] }],
          terms: ["Valid 30 days"],
          legend: [],
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    const event = await testDb().proposalEvent.findFirstOrThrow({
      where: { proposalId: created.json.id, type: "created" },
    });
    expect(event).toMatchObject({ actor: "Sofía Ventas", actorId: account.id });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/analytics/route";
import { GET as listActivities } from "@/app/api/crm/leads/[id]/activities/route";
import { POST as bulkRoute } from "@/app/api/crm/leads/bulk/route";
import { POST as createLeadRoute } from "@/app/api/crm/leads/route";
import { POST as moveRoute } from "@/app/api/crm/leads/[id]/move/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/crm/settings/route";
import { DEFAULT_LOST_REASONS } from "@/lib/crm/lost-reasons";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

// Lost reasons end to end: the list in the settings, the move that needs one, the timeline that shows it,
// and the dashboard's table, checked against counts computed here from the generated moves. The moves are
// made through the API, then dated into July 2021 (which no other suite writes to) so the month is ours.

const PERIOD = "range=custom&startDate=2021-07-01&endDate=2021-07-31";
const OWN_REASON = "Went in-house";
const REASONS = ["price", "timing", "other", OWN_REASON];
const FROM_STAGES = ["Qualification", "Discovery", "Proposal", "Negotiation", "Won"] as const;

let managerCookie = "";
let salesCookie = "";

const move = (id: string, stage: string, body?: unknown, cookie = salesCookie) =>
  callRoute(moveRoute, {
    method: "POST",
    path: `/api/crm/leads/${id}/move?stage=${stage}`,
    params: { id },
    cookie,
    ...(body === undefined ? {} : { body }),
  });

beforeAll(async () => {
  managerCookie = await staffCookie({ role: "manager" });
  salesCookie = await staffCookie({ role: "sales" });
});

afterAll(async () => {
  await callRoute(patchSettings, {
    method: "PATCH",
    path: "/api/crm/settings",
    cookie: managerCookie,
    body: { lost_reasons: DEFAULT_LOST_REASONS },
  });
});

describe("the lost reasons list", () => {
  it("starts with the defaults; managers replace it, sales cannot, and a repeated reason is refused", async () => {
    const read = await callRoute(getSettings, { path: "/api/crm/settings", cookie: salesCookie });
    expect(read.status).toBe(200);
    expect(read.json.lost_reasons).toEqual([
      "price",
      "timing",
      "competitor",
      "no_budget",
      "no_response",
      "not_a_fit",
      "other",
    ]);
    const patch = (cookie: string, lost_reasons: unknown) =>
      callRoute(patchSettings, {
        method: "PATCH",
        path: "/api/crm/settings",
        cookie,
        body: { lost_reasons },
      });
    expect((await patch(salesCookie, REASONS)).status).toBe(403);
    const repeated = await patch(managerCookie, ["price", "Price"]);
    expect(repeated.status).toBe(400);
    expect((await patch(managerCookie, [])).status).toBe(400);
    const saved = await patch(managerCookie, REASONS);
    expect(saved.status).toBe(200);
    expect(saved.json.lost_reasons).toEqual(REASONS);
    // The other parts of the settings are untouched.
    expect(saved.json.stage_age_days).toEqual(read.json.stage_age_days);
    expect(saved.json.stage_probability).toEqual(read.json.stage_probability);
  });
});

describe("moving a lead to Lost", () => {
  it("needs a reason on the list (other: with words); the timeline shows it", async () => {
    const lead = await testDb().lead.create({ data: { name: "Losing", stage: "Proposal" } });
    const refusals = [
      await move(lead.id, "Lost"),
      await move(lead.id, "Lost", {}),
      await move(lead.id, "Lost", { reason: "astrology" }),
      await move(lead.id, "Lost", { reason: "no_budget" }), // a default no longer on the list
      await move(lead.id, "Lost", { reason: "other" }),
      await move(lead.id, "Lost", { reason: "other", detail: "   " }),
    ];
    for (const refused of refusals) expect(refused.status, refused.text).toBe(400);
    expect(refusals[0]!.json.error.fields.reason).toBeDefined();
    expect(refusals[4]!.json.error.fields.detail).toBeDefined();
    // A reason goes only with Lost.
    expect((await move(lead.id, "Discovery", { reason: "price" })).status).toBe(400);
    const untouched = await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(untouched.stage).toBe("Proposal");
    expect(await testDb().activity.count({ where: { leadId: lead.id } })).toBe(0);

    const moved = await move(lead.id, "Lost", { reason: "other", detail: "Budget frozen" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.stage).toBe("Lost");
    const timeline = await callRoute(listActivities, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      cookie: salesCookie,
    });
    expect(timeline.json[0]).toMatchObject({
      type: "stage_change",
      detail: { from: "Proposal", to: "Lost", reason: "other", reason_detail: "Budget frozen" },
    });
    // Other moves still take no body at all.
    expect((await move(lead.id, "Discovery")).status).toBe(200);
    await testDb().activity.deleteMany({ where: { leadId: lead.id } });
    await testDb().lead.delete({ where: { id: lead.id } });
  });
});

describe("the dashboard's lost deals by reason", () => {
  it("counts each still-lost deal once, by its latest move's reason and the stage it left", async () => {
    const db = testDb();
    let seed = 20_210_701;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    // What the dashboard should say, computed from the plan, not from the database.
    const expected = new Map<string | null, { count: number; from: Record<string, number> }>();
    const count = (reason: string | null, from: string) => {
      const row = expected.get(reason) ?? {
        count: 0,
        from: Object.fromEntries(FROM_STAGES.map((stage) => [stage, 0])),
      };
      row.count += 1;
      row.from[from]! += 1;
      expected.set(reason, row);
    };

    for (let index = 0; index < 30; index += 1) {
      const from = FROM_STAGES[random(FROM_STAGES.length)]!;
      const reason = REASONS[random(REASONS.length)]!;
      const body = reason === "other" ? { reason, detail: `Note ${index}` } : { reason };
      const lead = await db.lead.create({ data: { name: `Lost ${index}`, stage: from } });
      expect((await move(lead.id, "Lost", body)).status).toBe(200);
      // Four kinds: lost in July and still lost; lost in June (outside); lost then revived; lost twice.
      const kind =
        index % 6 === 1 ? "june" : index % 6 === 3 ? "revived" : index % 6 === 5 ? "twice" : "july";
      let lastReason = reason;
      let lastFrom: string = from;
      if (kind === "revived") expect((await move(lead.id, "Negotiation")).status).toBe(200);
      if (kind === "twice") {
        expect((await move(lead.id, "Qualification")).status).toBe(200);
        lastReason = REASONS[(REASONS.indexOf(reason) + 1) % REASONS.length]!;
        lastFrom = "Qualification";
        const again =
          lastReason === "other" ? { reason: lastReason, detail: "Again" } : { reason: lastReason };
        expect((await move(lead.id, "Lost", again)).status).toBe(200);
      }
      // Dated into the month in the order they happened, mid-day so no time zone moves them across days.
      const base = Date.UTC(2021, kind === "june" ? 5 : 6, 3 + (index % 25), 14);
      const activities = await db.activity.findMany({
        where: { leadId: lead.id },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      for (const [order, activity] of activities.entries())
        await db.activity.update({
          where: { id: activity.id },
          data: { createdAt: new Date(base + order * 60_000) },
        });
      if (kind === "july" || kind === "twice") count(lastReason, lastFrom);
    }
    // A deal lost before reasons were asked (a stage change without one) counts as "no reason recorded".
    const old = await db.lead.create({ data: { name: "Lost long ago", stage: "Lost" } });
    await db.activity.create({
      data: {
        leadId: old.id,
        type: "stage_change",
        content: "Discovery → Lost",
        detail: { from: "Discovery", to: "Lost" },
        createdAt: new Date(Date.UTC(2021, 6, 20, 14)),
      },
    });
    count(null, "Discovery");

    const answer = await callRoute(dashboardRoute, {
      path: `/api/analytics?${PERIOD}`,
      cookie: salesCookie,
    });
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.json.lost_reasons as {
      reason: string | null;
      count: number;
      from_stage: Record<string, number>;
    }[];
    const want = [...expected.entries()]
      .map(([reason, row]) => ({ reason, count: row.count, from_stage: row.from }))
      .sort((a, b) => b.count - a.count || (a.reason ?? "~").localeCompare(b.reason ?? "~"));
    expect(rows).toEqual(want);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(
      [...expected.values()].reduce((sum, row) => sum + row.count, 0),
    );
  });
});

describe("no way into Lost without a reason", () => {
  const create = (body: unknown, cookie = salesCookie) =>
    callRoute(createLeadRoute, { method: "POST", path: "/api/crm/leads", cookie, body });
  const bulkMove = (body: unknown) =>
    callRoute(bulkRoute, {
      method: "POST",
      path: "/api/crm/leads/bulk",
      cookie: managerCookie,
      body,
    });
  const stageChangesOf = (leadId: string) =>
    testDb().activity.findMany({
      where: { leadId, type: "stage_change" },
      select: { detail: true },
    });

  it("creating a lead in Lost needs a reason on the list, and records it like a move", async () => {
    for (const body of [
      { name: "Nace perdido", stage: "Lost" },
      { name: "Nace perdido", stage: "Lost", reason: "not on the list" },
      { name: "Nace perdido", stage: "Lost", reason: "other" },
      { name: "Nace abierto", stage: "Discovery", reason: "price" },
    ]) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error.code).toBe("validation");
    }
    const created = await create({ name: "Nace perdido", stage: "Lost", reason: "price" });
    expect(created.status).toBe(201);
    expect(created.json.stage).toBe("Lost");
    expect(await stageChangesOf(created.json.id)).toEqual([
      { detail: { from: "Qualification", to: "Lost", reason: "price", reason_detail: null } },
    ]);
    const other = await create({
      name: "Nace perdido",
      stage: "Lost",
      reason: "other",
      detail: "Cerró la empresa",
    });
    expect(other.status).toBe(201);
    expect(await stageChangesOf(other.json.id)).toEqual([
      {
        detail: {
          from: "Qualification",
          to: "Lost",
          reason: "other",
          reason_detail: "Cerró la empresa",
        },
      },
    ]);
    // A lead created in any other stage is as before.
    expect((await create({ name: "Nace abierto", stage: "Discovery" })).status).toBe(201);
  });

  it("a bulk move to Lost needs one reason for the selection and records it on each lead", async () => {
    const leads = await Promise.all([makeLead(), makeLead()]);
    const ids = leads.map((lead) => lead.id);
    for (const body of [
      { ids, stage: "Lost" },
      { ids, stage: "Lost", reason: "not on the list" },
      { ids, stage: "Lost", reason: "other" },
      { ids, stage: "Discovery", reason: "price" },
    ]) {
      const refused = await bulkMove(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    // Refused means untouched.
    for (const id of ids) expect(await stageChangesOf(id)).toEqual([]);
    expect((await bulkMove({ ids, stage: "Lost", reason: "timing" })).json).toEqual({ updated: 2 });
    for (const id of ids)
      expect(await stageChangesOf(id)).toEqual([
        { detail: { from: "Qualification", to: "Lost", reason: "timing", reason_detail: null } },
      ]);
  });
});

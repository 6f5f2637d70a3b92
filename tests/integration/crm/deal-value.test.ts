import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as moveLead } from "@/app/api/crm/leads/[id]/move/route";
import { GET as getLead, PATCH as patchLead } from "@/app/api/crm/leads/[id]/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { GET as getPipeline } from "@/app/api/crm/pipeline/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/crm/settings/route";
import type { LeadCardDto, LeadStage } from "@/lib/crm/crm.schema";
import type { PipelineDto, StageTotalDto } from "@/lib/crm/deal-value.schema";
import { ZProposalData } from "@/lib/proposals/proposal.schema";
import type { StaffRole } from "@/lib/staff/roles";
import { callRoute } from "../../support/http";
import { makeLead, testDb } from "../../support/factories";
import { staffCookie } from "../../support/staff";

const DAY_MS = 24 * 60 * 60 * 1000;
let cookie: string;

beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
});

// Values are summed over every lead in the database, so each test starts from an empty CRM.
beforeEach(async () => {
  await testDb().lead.deleteMany({});
  await testDb().proposal.deleteMany({});
  await testDb().setting.deleteMany({});
});

/** A real sign-in as a new account of `role`. */
const cookieFor = (role: StaffRole) => staffCookie({ role });

async function shareProposal(
  leadId: string,
  investment: Record<string, unknown>,
  status: "shared" | "signed" | "draft" | "withdrawn" = "shared",
  sentAt = new Date(),
) {
  return testDb().proposal.create({
    data: {
      token: randomBytes(32).toString("base64url"),
      data: ZProposalData.parse({ title: "Agent", investment }),
      leadId,
      status,
      sentAt: status === "draft" ? null : sentAt,
    },
  });
}

const pipeline = async (query = "") =>
  (await callRoute<PipelineDto>(getPipeline, { path: `/api/crm/pipeline${query}`, cookie })).json;

async function allCards(stage: LeadStage): Promise<LeadCardDto[]> {
  const result = await callRoute(listLeads, { path: `/api/crm/leads?stage=${stage}`, cookie });
  expect(result.status).toBe(200);
  return result.json.leads;
}

const lead = async (id: string): Promise<LeadCardDto> =>
  (await callRoute(getLead, { path: `/api/crm/leads/${id}`, params: { id }, cookie })).json;

const setValue = (id: string, body: unknown, as = cookie) =>
  callRoute(patchLead, {
    method: "PATCH",
    path: `/api/crm/leads/${id}`,
    params: { id },
    body,
    cookie: as,
  });

describe("deal value", () => {
  it("comes from the latest shared proposal, parsed from text such as 'USD 12,200'", async () => {
    const { id } = await makeLead({ stage: "Proposal" });
    await shareProposal(
      id,
      { currency: "USD", subtotal: "9,000" },
      "shared",
      new Date(Date.now() - DAY_MS),
    );
    await shareProposal(id, {
      currency: "USD",
      subtotal: "USD 12,200",
      monthly: [{ label: "Hosting", amount: "450" }],
    });
    await shareProposal(id, { currency: "USD", subtotal: "99,999" }, "draft");

    expect((await lead(id)).value).toEqual({
      currency: "USD",
      initial: 12200,
      monthly: 450,
      source: "proposal",
    });
  });

  it("shows an amount written in words ('a convenir') as unparsed: null figures, counted but not summed", async () => {
    const { id: words } = await makeLead({ stage: "Negotiation" });
    const { id: figures } = await makeLead({ stage: "Negotiation" });
    await shareProposal(words, { currency: "EUR", subtotal: "a convenir" });
    await shareProposal(figures, { currency: "EUR", subtotal: "€ 3.000" });

    expect((await lead(words)).value).toEqual({
      currency: "EUR",
      initial: null,
      monthly: 0,
      source: "proposal",
    });
    expect((await pipeline()).totals.Negotiation).toEqual([
      { currency: "EUR", initial: 3000, monthly: 0, deals: 2, unparsed: 1 },
    ]);
  });

  it("is null for a lead with only a draft or a withdrawn proposal", async () => {
    const { id } = await makeLead();
    await shareProposal(id, { subtotal: "5,000" }, "draft");
    await shareProposal(id, { subtotal: "6,000" }, "withdrawn");
    expect((await lead(id)).value).toBeNull();
  });

  it("totals per stage and currency equal the sum of the cards' values", async () => {
    const specs: [LeadStage, string, string, string | null][] = [
      ["Proposal", "USD", "12,200", "300"],
      ["Proposal", "USD", "800.50", null],
      ["Proposal", "EUR", "4.000", "100"],
      ["Discovery", "USD", "1,000", null],
    ];
    for (const [stage, currency, subtotal, monthly] of specs) {
      const { id } = await makeLead({ stage });
      await shareProposal(id, {
        currency,
        subtotal,
        monthly: monthly ? [{ label: "Support", amount: monthly }] : [],
      });
    }
    await makeLead({ stage: "Proposal" }); // no value: counted in the column, not in its totals

    const { totals, counts } = await pipeline();
    for (const stage of ["Discovery", "Proposal"] as const) {
      const expected = new Map<string, StageTotalDto>();
      for (const card of await allCards(stage)) {
        if (!card.value) continue;
        const sum = expected.get(card.value.currency) ?? {
          currency: card.value.currency,
          initial: 0,
          monthly: 0,
          deals: 0,
          unparsed: 0,
        };
        sum.initial = Math.round((sum.initial + (card.value.initial ?? 0)) * 100) / 100;
        sum.monthly = Math.round((sum.monthly + (card.value.monthly ?? 0)) * 100) / 100;
        sum.deals += 1;
        expected.set(card.value.currency, sum);
      }
      expect(totals[stage]).toEqual(
        [...expected.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
      );
    }
    expect(totals.Proposal).toEqual([
      { currency: "EUR", initial: 4000, monthly: 100, deals: 1, unparsed: 0 },
      { currency: "USD", initial: 13000.5, monthly: 300, deals: 2, unparsed: 0 },
    ]);
    expect(counts.Proposal).toBe(4);
  });

  it("Won totals only the deals won within the chosen period", async () => {
    const recent = await makeLead({ stage: "Negotiation" });
    const old = await makeLead({ stage: "Negotiation" });
    await shareProposal(recent.id, { subtotal: "2,000" }, "signed");
    await shareProposal(old.id, { subtotal: "5,000" }, "signed");
    for (const { id } of [recent, old]) {
      await callRoute(moveLead, {
        method: "POST",
        path: `/api/crm/leads/${id}/move?stage=Won`,
        params: { id },
        cookie,
      });
    }
    await testDb().activity.updateMany({
      where: { leadId: old.id, type: "stage_change" },
      data: { createdAt: new Date(Date.now() - 45 * DAY_MS) },
    });

    expect((await pipeline()).totals.Won).toEqual([
      { currency: "USD", initial: 2000, monthly: 0, deals: 1, unparsed: 0 },
    ]);
    expect((await pipeline("?won_period=90d")).totals.Won).toEqual([
      { currency: "USD", initial: 7000, monthly: 0, deals: 2, unparsed: 0 },
    ]);
    expect(
      (await callRoute(getPipeline, { path: "/api/crm/pipeline?won_period=week", cookie })).status,
    ).toBe(400);
  });

  it("Won's cards are the deals won in the period, so its count and total equal what the cards show", async () => {
    const wonLead = async (subtotal: string, wonDaysAgo: number) => {
      const created = await makeLead({ stage: "Negotiation" });
      await shareProposal(created.id, { currency: "USD", subtotal }, "signed");
      await callRoute(moveLead, {
        method: "POST",
        path: `/api/crm/leads/${created.id}/move?stage=Won`,
        params: { id: created.id },
        cookie,
      });
      await testDb().activity.updateMany({
        where: { leadId: created.id, type: "stage_change" },
        data: { createdAt: new Date(Date.now() - wonDaysAgo * DAY_MS) },
      });
      return created.id;
    };
    const thisWeek = await wonLead("1,000", 3);
    const twoMonthsAgo = await wonLead("2,500", 60);
    const lastYear = await wonLead("4,000", 200);
    // Another stage is never cut by the Won period.
    const staleProposal = await makeLead({ stage: "Proposal" });
    await testDb().lead.update({
      where: { id: staleProposal.id },
      data: { createdAt: new Date(Date.now() - 400 * DAY_MS) },
    });

    const wonCards = async (period: string) => {
      const result = await callRoute(listLeads, {
        path: `/api/crm/leads?stage=Won&won_period=${period}`,
        cookie,
      });
      expect(result.status).toBe(200);
      return (result.json as { leads: LeadCardDto[] }).leads;
    };
    const expectations: [string, string[]][] = [
      ["30d", [thisWeek]],
      ["90d", [thisWeek, twoMonthsAgo]],
      ["365d", [thisWeek, twoMonthsAgo, lastYear]],
      ["all", [thisWeek, twoMonthsAgo, lastYear]],
    ];
    for (const [period, ids] of expectations) {
      const cards = await wonCards(period);
      expect(cards.map((card) => card.id).sort(), period).toEqual([...ids].sort());
      const board = await pipeline(`?won_period=${period}`);
      expect(board.counts.Won, period).toBe(cards.length);
      const sum = cards.reduce((total, card) => total + (card.value?.initial ?? 0), 0);
      expect(board.totals.Won, period).toEqual([
        { currency: "USD", initial: sum, monthly: 0, deals: cards.length, unparsed: 0 },
      ]);
      expect(board.counts.Proposal, period).toBe(1);
    }
    // Without a period the list keeps every Won lead (the leads tab is not the pipeline).
    expect(await allCards("Won")).toHaveLength(3);
    expect(
      (await callRoute(listLeads, { path: "/api/crm/leads?won_period=week", cookie })).status,
    ).toBe(400);
  });
});

describe("manual value", () => {
  it("a manager sets it on a lead with no shared proposal; sales get 403", async () => {
    const { id } = await makeLead({ stage: "Discovery" });
    const manager = await cookieFor("manager");

    const refused = await setValue(
      id,
      { value: { currency: "USD", initial: 5000 } },
      await cookieFor("sales"),
    );
    expect(refused.status).toBe(403);

    const result = await setValue(
      id,
      { value: { currency: "USD", initial: 5000, monthly: 250.5 } },
      manager,
    );
    expect(result.status).toBe(200);
    expect(result.json.value).toEqual({
      currency: "USD",
      initial: 5000,
      monthly: 250.5,
      source: "manual",
    });
    expect((await pipeline()).totals.Discovery).toEqual([
      { currency: "USD", initial: 5000, monthly: 250.5, deals: 1, unparsed: 0 },
    ]);

    expect((await setValue(id, { value: null }, manager)).json.value).toBeNull();
  });

  it("answers 409 while a shared proposal sets the value, which replaces the one set by hand", async () => {
    const { id } = await makeLead({ stage: "Proposal" });
    expect((await setValue(id, { value: { currency: "EUR", initial: 100 } })).status).toBe(200);
    await shareProposal(id, { currency: "USD", subtotal: "7,500" });

    const conflict = await setValue(id, { value: { currency: "EUR", initial: 200 } });
    expect(conflict.status).toBe(409);
    expect((await lead(id)).value).toEqual({
      currency: "USD",
      initial: 7500,
      monthly: 0,
      source: "proposal",
    });
  });

  it("refuses negative, huge, non-numeric amounts and an unknown currency format with 400", async () => {
    const { id } = await makeLead();
    for (const value of [
      { currency: "USD", initial: -1 },
      { currency: "USD", initial: 1e12 },
      { currency: "USD", initial: "5000" },
      { currency: "USD", monthly: Number.NaN },
      { currency: "dollars", initial: 10 },
      { currency: "usd", initial: 10 },
      { currency: "USD", initial: 0, monthly: 0 },
      { currency: "USD", initial: 1.234 },
    ]) {
      const result = await setValue(id, { value });
      expect(result.status, JSON.stringify(value)).toBe(400);
    }
    expect((await setValue(id, { amount: 5 })).status).toBe(400);
    const missing = randomUUID();
    expect((await setValue(missing, { value: { currency: "USD", initial: 1 } })).status).toBe(404);
  });
});

describe("days in stage", () => {
  it("follow the stage history across a move and back; a lead never moved counts from its creation", async () => {
    const { id } = await makeLead({ createdAt: new Date(Date.now() - 20 * DAY_MS) });
    expect((await lead(id)).days_in_stage).toBe(20);
    expect((await lead(id)).is_stale).toBe(true); // Qualification: more than 7 days

    const move = (stage: LeadStage) =>
      callRoute(moveLead, {
        method: "POST",
        path: `/api/crm/leads/${id}/move?stage=${stage}`,
        params: { id },
        cookie,
      });
    await move("Discovery");
    await testDb().activity.updateMany({
      where: { leadId: id, type: "stage_change" },
      data: { createdAt: new Date(Date.now() - 5 * DAY_MS) },
    });
    expect(await lead(id)).toMatchObject({ stage: "Discovery", days_in_stage: 5, is_stale: false });

    await move("Qualification");
    expect(await lead(id)).toMatchObject({
      stage: "Qualification",
      days_in_stage: 0,
      is_stale: false,
    });
  });

  it("mark a card stale by the threshold a manager sets, and the list sorts by age and by value", async () => {
    const old = await makeLead({
      stage: "Proposal",
      createdAt: new Date(Date.now() - 10 * DAY_MS),
    });
    const fresh = await makeLead({
      stage: "Proposal",
      createdAt: new Date(Date.now() - 1 * DAY_MS),
    });
    const middle = await makeLead({
      stage: "Proposal",
      createdAt: new Date(Date.now() - 4 * DAY_MS),
    });
    await shareProposal(fresh.id, { subtotal: "50,000" });
    await shareProposal(middle.id, { subtotal: "1,000", monthly: [{ label: "m", amount: "500" }] });

    expect((await lead(old.id)).is_stale).toBe(false); // 10 days, Proposal allows 14
    // stage_probability is checked by tests/integration/analytics/sales.test.ts (it may change it meanwhile).
    expect(
      (await callRoute(getSettings, { path: "/api/crm/settings", cookie })).json.stage_age_days,
    ).toEqual({ Qualification: 7, Discovery: 7, Proposal: 14, Negotiation: 14 });
    const settings = {
      stage_age_days: { Qualification: 7, Discovery: 7, Proposal: 9, Negotiation: 14 },
    };
    const put = (body: unknown, as: string) =>
      callRoute(patchSettings, { method: "PATCH", path: "/api/crm/settings", body, cookie: as });
    expect((await put(settings, await cookieFor("sales"))).status).toBe(403);
    expect(
      (await put({ stage_age_days: { ...settings.stage_age_days, Proposal: 0 } }, cookie)).status,
    ).toBe(400);
    expect((await put(settings, cookie)).status).toBe(200);
    expect((await lead(old.id)).is_stale).toBe(true);

    const order = async (sort: string) =>
      (await callRoute(listLeads, { path: `/api/crm/leads?sort=${sort}`, cookie })).json.leads.map(
        (card: LeadCardDto) => card.id,
      );
    expect(await order("age")).toEqual([old.id, middle.id, fresh.id]);
    // First-year amounts: 50,000 and 1,000 + 12 × 500 = 7,000; the lead with no value comes last.
    expect(await order("value")).toEqual([fresh.id, middle.id, old.id]);
    expect((await callRoute(listLeads, { path: "/api/crm/leads?sort=price", cookie })).status).toBe(
      400,
    );
  });

  it("pages a sorted list with its own cursor", async () => {
    for (let i = 0; i < 55; i += 1)
      await makeLead({ createdAt: new Date(Date.now() - i * DAY_MS) });
    const first = await callRoute(listLeads, { path: "/api/crm/leads?sort=age", cookie });
    expect(first.json.leads).toHaveLength(50);
    expect(first.json.leads[0].days_in_stage).toBe(54);
    const cursor = first.json.next_cursor as string;
    const second = await callRoute(listLeads, {
      path: `/api/crm/leads?sort=age&cursor=${cursor}`,
      cookie,
    });
    expect(second.json.leads.map((card: LeadCardDto) => card.days_in_stage)).toEqual([
      4, 3, 2, 1, 0,
    ]);
    expect(second.json.next_cursor).toBeNull();
    expect(
      (await callRoute(listLeads, { path: `/api/crm/leads?sort=value&cursor=${cursor}`, cookie }))
        .status,
    ).toBe(400);
  });
});

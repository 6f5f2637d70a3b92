import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as salesRoute } from "@/app/api/analytics/sales/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie, staffCookieFor } from "../../support/staff";

// The leads behind a figure (issue 37): GET /api/crm/leads?figure=…&from=…&to=…&owner=… lists exactly the leads
// a figure of the per-salesperson or lost-reasons table counts. A generated May 2022 (no other suite writes to
// it) for two owners; each list is checked against ids worked out here and against the sales API's figure.

const FROM = "2022-05-01";
const TO = "2022-05-31";
const STAGES = ["Qualification", "Discovery", "Proposal", "Negotiation", "Won", "Lost"] as const;
const REASONS = ["price", "timing", null] as const;
const DAY = 86_400_000;

function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(state / 65_536) % below;
  };
}

interface Expected {
  new_leads: Set<string>;
  activities: Set<string>;
  won: Set<string>;
  lost: Map<string | null, Set<string>>;
}

let owners: { id: string; name: string }[] = [];
const expected = new Map<string, Expected>();
let managerCookie = "";
let salesCookie = "";

/** Noon UTC of a day of 2022 counted from May 1st (negative: April). */
const dayAt = (offset: number) => new Date(Date.UTC(2022, 4, 1, 12) + offset * DAY);
const inPeriod = (at: Date) =>
  at >= new Date("2022-05-01T04:00:00Z") && at < new Date("2022-06-01T04:00:00Z");

beforeAll(async () => {
  const db = testDb();
  const random = generator(537);
  owners = await Promise.all(
    ["Fabi", "Gus"].map(async (name) => {
      const account = await makeStaffAccount({ name: `${name} ${randomBytes(3).toString("hex")}` });
      return { id: account.id, name: account.name };
    }),
  );
  managerCookie = await staffCookie({ role: "manager" });
  const first = await db.staffAccount.findUniqueOrThrow({ where: { id: owners[0]!.id } });
  salesCookie = await staffCookieFor({ ...first, role: "sales" });

  for (const owner of owners) {
    const mine: Expected = {
      new_leads: new Set(),
      activities: new Set(),
      won: new Set(),
      lost: new Map(),
    };
    expected.set(owner.id, mine);
    for (let index = 0; index < 24; index += 1) {
      const stage = STAGES[random(STAGES.length)]!;
      // Some leads come from April: outside the new-leads figure, but their activities and closes may be in May.
      const createdAt = dayAt(random(40) - 10);
      const lead = await db.lead.create({
        data: { name: `Fig ${owner.name} ${index}`, stage, ownerId: owner.id, createdAt },
      });
      if (inPeriod(createdAt)) mine.new_leads.add(lead.id);
      // Activities from April to June; the system's records never count.
      for (let n = random(3); n > 0; n -= 1) {
        const at = new Date(createdAt.getTime() + random(30) * DAY);
        await db.activity.create({
          data: {
            leadId: lead.id,
            type: ["note", "call", "email", "meeting"][random(4)]!,
            content: "x",
            actor: owner.name,
            createdAt: at,
          },
        });
        if (inPeriod(at)) mine.activities.add(lead.id);
      }
      await db.activity.create({
        data: {
          leadId: lead.id,
          type: "optin",
          content: "form",
          actor: "system",
          createdAt: dayAt(random(30)),
        },
      });
      if (stage === "Won" || stage === "Lost") {
        const closedAt = new Date(
          Math.max(createdAt.getTime(), dayAt(-5).getTime()) + random(30) * DAY,
        );
        const reason = stage === "Lost" ? REASONS[random(REASONS.length)]! : null;
        await db.activity.create({
          data: {
            leadId: lead.id,
            type: "stage_change",
            content: `Negotiation → ${stage}`,
            detail: { from: "Negotiation", to: stage, ...(reason ? { reason } : {}) },
            actor: "system",
            createdAt: closedAt,
          },
        });
        if (stage === "Won") {
          // A won deal without any value is outside the won-deals figure (it has no currency).
          const isValued = random(3) > 0;
          if (isValued)
            await db.leadManualValue.create({
              data: {
                leadId: lead.id,
                currency: random(2) ? "EUR" : "USD",
                initial: 1000,
                monthly: 10,
              },
            });
          if (isValued && inPeriod(closedAt)) mine.won.add(lead.id);
        } else if (inPeriod(closedAt)) {
          const set = mine.lost.get(reason) ?? new Set<string>();
          set.add(lead.id);
          mine.lost.set(reason, set);
        }
      }
    }
  }
}, 120_000);

async function idsOf(query: string, cookie = managerCookie): Promise<string[]> {
  const answer = await callRoute(listLeads, { path: `/api/crm/leads?${query}`, cookie });
  expect(answer.status, query).toBe(200);
  expect(answer.json.next_cursor).toBeNull();
  return (answer.json.leads as { id: string }[]).map((lead) => lead.id).sort();
}
const sorted = (ids: Iterable<string>) => [...ids].sort();

describe("GET /api/crm/leads?figure=", () => {
  it("lists exactly the leads behind each figure of the per-salesperson table", async () => {
    const sales = await callRoute(salesRoute, {
      path: `/api/analytics/sales?range=custom&startDate=${FROM}&endDate=${TO}`,
      cookie: managerCookie,
    });
    expect(sales.status).toBe(200);
    for (const owner of owners) {
      const mine = expected.get(owner.id)!;
      const row = (
        sales.json.owners as {
          owner: { id: string } | null;
          new_leads: number;
          won: { deals: number }[];
        }[]
      ).find((candidate) => candidate.owner?.id === owner.id)!;
      const period = `owner=${owner.id}&from=${FROM}&to=${TO}`;

      const newLeads = await idsOf(`figure=new_leads&${period}`);
      expect(newLeads).toEqual(sorted(mine.new_leads));
      expect(newLeads).toHaveLength(row.new_leads);

      const won = await idsOf(`figure=won&${period}`);
      expect(won).toEqual(sorted(mine.won));
      expect(won).toHaveLength(row.won.reduce((sum, money) => sum + money.deals, 0));

      expect(await idsOf(`figure=activities&${period}`)).toEqual(sorted(mine.activities));
    }
    // The generated month is not empty, so the equalities above say something.
    const all = [...expected.values()];
    expect(
      all.every((mine) => mine.new_leads.size > 0 && mine.won.size > 0 && mine.activities.size > 0),
    ).toBe(true);
  });

  it("lists exactly the deals lost for a reason, and those lost without one", async () => {
    let checked = 0;
    for (const owner of owners) {
      const mine = expected.get(owner.id)!;
      const period = `owner=${owner.id}&from=${FROM}&to=${TO}`;
      for (const reason of ["price", "timing"]) {
        expect(await idsOf(`figure=lost&lost_reason=${reason}&${period}`)).toEqual(
          sorted(mine.lost.get(reason) ?? []),
        );
        checked += mine.lost.get(reason)?.size ?? 0;
      }
      expect(await idsOf(`figure=lost_unrecorded&${period}`)).toEqual(
        sorted(mine.lost.get(null) ?? []),
      );
      expect(await idsOf(`figure=lost&${period}`)).toEqual(
        sorted([...mine.lost.values()].flatMap((set) => [...set])),
      );
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps the filter to managers and refuses incomplete or mixed filters with 400", async () => {
    const ask = (query: string, cookie = managerCookie) =>
      callRoute(listLeads, { path: `/api/crm/leads?${query}`, cookie });
    expect((await ask(`figure=new_leads&from=${FROM}&to=${TO}`, salesCookie)).status).toBe(403);
    for (const bad of [
      `figure=new_leads&from=${FROM}`,
      `figure=new_leads&to=${TO}`,
      `figure=new_leads&from=${TO}&to=${FROM}`,
      `figure=sold&from=${FROM}&to=${TO}`,
      `figure=won&lost_reason=price&from=${FROM}&to=${TO}`,
      `lost_reason=price&from=${FROM}&to=${TO}`,
      `figure=won&funnel_step=signed&from=${FROM}&to=${TO}`,
      `figure=won&utm_campaign=x&from=${FROM}&to=${TO}`,
    ]) {
      const answer = await ask(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error.code, bad).toBe("validation");
    }
    // The filters that were there keep working beside it.
    expect((await ask(`stage=Won&owner=${owners[0]!.id}`)).status).toBe(200);
    expect((await ask(`funnel_step=lead&from=${FROM}&to=${TO}`)).status).toBe(200);
  });
});

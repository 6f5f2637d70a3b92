import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as forecastRoute } from "@/app/api/analytics/forecast/route";
import { PATCH as patchSettings } from "@/app/api/crm/settings/route";
import {
  FORECAST_SNAPSHOT_JOB,
  forecastSnapshotHandler,
  scheduleForecastSnapshot,
  takeForecastSnapshot,
} from "@/lib/analytics/forecast-snapshot.service";
import { getForecast } from "@/lib/analytics/sales.service";
import { JOB_HANDLERS } from "@/lib/jobs/registry";
import { makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { proposalData } from "../../support/proposals";
import { staffCookie, staffCookieFor } from "../../support/staff";

// Forecast against actual (issue 37): a generated history (October 2020 to April 2021, months no other suite
// writes to) of open deals for two owners in two currencies that are signed, lost or slip between daily
// snapshots. At each snapshot the test works out, in plain TypeScript from its own model of the deals, what
// the forecast said; then the API's past months are checked figure by figure against those numbers and
// against what was really signed.

const TIME_ZONE = "America/New_York";
const PROBABILITY: Record<string, number> = {
  Qualification: 12,
  Discovery: 24,
  Proposal: 48,
  Negotiation: 72,
  Won: 100,
  Lost: 0,
};
const OPEN_STAGES = ["Qualification", "Discovery", "Proposal", "Negotiation"] as const;
/** The days a snapshot is taken, in order. March's forecast is February 20th's (none on March 1st). */
const SNAPSHOT_DAYS = [
  "2021-01-01",
  "2021-01-15",
  "2021-02-01",
  "2021-02-20",
  "2021-03-10",
  "2021-04-01",
];
/** The day "now" is when the API is read. */
const TODAY = "2021-04-15";
/** Noon UTC: the same calendar day in New York. */
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

/** A small seeded generator (its high bits: the low bits of this one repeat every few draws). */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(state / 65_536) % below;
  };
}

const addDaysTo = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const addMonths = (month: string, count: number) => {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + mon - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};
const quarterOf = (month: string) => {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return `${year}-${String(Math.floor((mon - 1) / 3) * 3 + 1).padStart(2, "0")}`;
};
const round2 = (value: number) => Math.round(value * 100) / 100;

type Event =
  | { kind: "sign"; day: string; initial: number; monthly: number }
  | { kind: "lose"; day: string }
  | { kind: "slip"; day: string; to: string };

interface Deal {
  id: string;
  owner: string;
  currency: string;
  stage: (typeof OPEN_STAGES)[number];
  initial: number;
  monthly: number;
  expectedClose: string;
  events: Event[];
  // The model's state as the history is played.
  isOpen: boolean;
  signed: { day: string; initial: number; monthly: number } | null;
}

type Figures = { committed: number; weighted: number; best_case: number };
/** owner → month → currency → figures, for each snapshot day. */
const expectedSnapshots = new Map<string, Map<string, Map<string, Map<string, Figures>>>>();
let owners: { id: string; name: string }[] = [];
const deals: Deal[] = [];
let managerCookie = "";
let salesCookie = "";

/** What the forecast says at `day` for one owner, from the model (docs/product.md#forecast, written out again). */
function modelForecast(ownerId: string, day: string, past = 0): Map<string, Map<string, Figures>> {
  const current = day.slice(0, 7);
  const first = addMonths(quarterOf(current), -past);
  const months = Array.from({ length: past + 6 }, (_, index) => addMonths(first, index));
  const cells = new Map(months.map((month) => [month, new Map<string, Figures>()]));
  const add = (month: string, currency: string, figures: Figures) => {
    const byCurrency = cells.get(month);
    if (!byCurrency) return;
    const cell = byCurrency.get(currency) ?? { committed: 0, weighted: 0, best_case: 0 };
    cell.committed += figures.committed;
    cell.weighted += figures.weighted;
    cell.best_case += figures.best_case;
    byCurrency.set(currency, cell);
  };
  for (const deal of deals.filter((candidate) => candidate.owner === ownerId)) {
    if (deal.signed) {
      const value = deal.signed.initial + 12 * deal.signed.monthly;
      add(deal.signed.day.slice(0, 7), deal.currency, {
        committed: value,
        weighted: value,
        best_case: value,
      });
    } else if (deal.isOpen) {
      const value = deal.initial + 12 * deal.monthly;
      const month =
        deal.expectedClose.slice(0, 7) < current ? current : deal.expectedClose.slice(0, 7);
      add(month, deal.currency, {
        committed: 0,
        weighted: (value * PROBABILITY[deal.stage]!) / 100,
        best_case: value,
      });
    }
  }
  for (const byCurrency of cells.values())
    for (const cell of byCurrency.values()) {
      cell.committed = round2(cell.committed);
      cell.weighted = round2(cell.weighted);
      cell.best_case = round2(cell.best_case);
    }
  return cells;
}

/** Plays one event on the database and on the model. */
async function play(deal: Deal, event: Event) {
  const db = testDb();
  if (event.kind === "slip") {
    await db.lead.update({ where: { id: deal.id }, data: { expectedClose: at(event.to, 0) } });
    deal.expectedClose = event.to;
  } else if (event.kind === "lose") {
    await db.lead.update({ where: { id: deal.id }, data: { stage: "Lost" } });
    deal.isOpen = false;
  } else {
    const signedAt = at(event.day, 15);
    const proposal = await db.proposal.create({
      data: {
        token: randomBytes(32).toString("base64url"),
        data: proposalData(),
        status: "signed",
        leadId: deal.id,
        sentAt: at(addDaysTo(event.day, -3)),
        signedAt,
      },
    });
    await db.proposalSignature.create({
      data: {
        proposalId: proposal.id,
        fullName: "Cliente",
        role: "CEO",
        company: "Co",
        signedDate: event.day,
        signedAt,
        contentSha256: "0".repeat(64),
        revenueCurrency: deal.currency,
        revenueInitial: event.initial,
        revenueMonthly: event.monthly,
      },
    });
    await db.lead.update({ where: { id: deal.id }, data: { stage: "Won" } });
    deal.isOpen = false;
    deal.signed = { day: event.day, initial: event.initial, monthly: event.monthly };
  }
}

beforeAll(async () => {
  const db = testDb();
  const random = generator(2021);
  owners = await Promise.all(
    ["Dora", "Elio"].map(async (name) => {
      const account = await makeStaffAccount({ name: `${name} ${randomBytes(3).toString("hex")}` });
      return { id: account.id, name: account.name };
    }),
  );
  managerCookie = await staffCookie({ role: "manager" });
  const first = await db.staffAccount.findUniqueOrThrow({ where: { id: owners[0]!.id } });
  salesCookie = await staffCookieFor({ ...first, role: "sales" });
  const saved = await callRoute(patchSettings, {
    method: "PATCH",
    path: "/api/crm/settings",
    cookie: managerCookie,
    body: { stage_probability: PROBABILITY },
  });
  expect(saved.status).toBe(200);

  // Eight deals per owner, created in December 2020, each expected to close between January and May 2021;
  // each is later signed (sometimes for another amount), lost, slipped or left open.
  for (const owner of owners)
    for (let index = 0; index < 8; index += 1) {
      const currency = index % 2 ? "USD" : "EUR";
      const stage = OPEN_STAGES[random(4)]!;
      const initial = 500 * (1 + random(20));
      const monthly = 50 * random(6);
      const expectedClose = `2021-0${1 + random(5)}-${String(1 + random(27)).padStart(2, "0")}`;
      const lead = await db.lead.create({
        data: {
          name: `Snap ${owner.name} ${index}`,
          stage,
          ownerId: owner.id,
          createdAt: at(`2020-12-${String(1 + random(20)).padStart(2, "0")}`),
          expectedClose: at(expectedClose, 0),
        },
      });
      await db.leadManualValue.create({ data: { leadId: lead.id, currency, initial, monthly } });
      const events: Event[] = [];
      const outcome = random(4);
      // Every event falls between the first snapshot and the day the API is read.
      const eventDay = addDaysTo("2021-01-02", random(100));
      if (outcome === 0 || outcome === 1)
        events.push({
          kind: "sign",
          day: eventDay,
          initial: outcome === 0 ? initial : initial + 250,
          monthly,
        });
      else if (outcome === 2) events.push({ kind: "lose", day: eventDay });
      else
        events.push({ kind: "slip", day: eventDay, to: addDaysTo(expectedClose, 20 + random(40)) });
      deals.push({
        id: lead.id,
        owner: owner.id,
        currency,
        stage,
        initial,
        monthly,
        expectedClose,
        events,
        isOpen: true,
        signed: null,
      });
    }

  // The history: each snapshot day plays the events before it, then takes the snapshot as of noon that day.
  const timeline = deals
    .flatMap((deal) => deal.events.map((event) => ({ deal, event })))
    .sort((a, b) => a.event.day.localeCompare(b.event.day));
  let next = 0;
  for (const day of [...SNAPSHOT_DAYS, TODAY]) {
    while (next < timeline.length && timeline[next]!.event.day < day) {
      await play(timeline[next]!.deal, timeline[next]!.event);
      next += 1;
    }
    if (day === TODAY) break;
    const taken = await takeForecastSnapshot({ now: at(day), timeZone: TIME_ZONE });
    expect(taken).toMatchObject({ takenOn: day, written: true });
    expectedSnapshots.set(
      day,
      new Map(owners.map((owner) => [owner.id, modelForecast(owner.id, day)])),
    );
  }
  // The generator gave every kind of event, so each path of the forecast is exercised.
  const kinds = new Set(timeline.map(({ event }) => event.kind));
  expect([...kinds].sort()).toEqual(["lose", "sign", "slip"]);
}, 120_000);

afterAll(async () => {
  const db = testDb();
  await db.setting.deleteMany({ where: { key: "stage_probability" } });
  await db.forecastSnapshotRun.deleteMany({
    where: { takenOn: { in: SNAPSHOT_DAYS.map((day) => at(day, 0)) } },
  });
});

describe("forecast snapshots", () => {
  it("record, per owner, month and currency, what the forecast said that day", async () => {
    const rows = await testDb().forecastSnapshot.findMany({
      where: { ownerId: { in: owners.map((owner) => owner.id) } },
    });
    const stored = new Map<string, Figures>(
      rows.map((row) => [
        `${row.takenOn.toISOString().slice(0, 10)}|${row.ownerId}|${row.month}|${row.currency}`,
        {
          committed: Number(row.committed),
          weighted: Number(row.weighted),
          best_case: Number(row.bestCase),
        },
      ]),
    );
    const expected = new Map<string, Figures>();
    for (const [day, byOwner] of expectedSnapshots)
      for (const [owner, months] of byOwner)
        for (const [month, byCurrency] of months)
          for (const [currency, figures] of byCurrency)
            expected.set(`${day}|${owner}|${month}|${currency}`, figures);
    expect(expected.size).toBeGreaterThan(20);
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(expected));
  });

  it("keep the first snapshot of a day: a second run that day writes nothing", async () => {
    const before = await testDb().forecastSnapshot.count({
      where: { takenOn: at("2021-01-01", 0) },
    });
    const again = await takeForecastSnapshot({ now: at("2021-01-01", 20), timeZone: TIME_ZONE });
    expect(again).toMatchObject({ takenOn: "2021-01-01", written: false });
    expect(await testDb().forecastSnapshot.count({ where: { takenOn: at("2021-01-01", 0) } })).toBe(
      before,
    );
  });

  it("are a job of the queue, one per business day however many times it is scheduled", async () => {
    expect(JOB_HANDLERS[FORECAST_SNAPSHOT_JOB]).toBe(forecastSnapshotHandler);
    const key = "forecast-snapshot:2020-06-30";
    // 03:00 UTC on July 1st is still June 30th in New York.
    await scheduleForecastSnapshot(new Date("2020-07-01T03:00:00Z"));
    await scheduleForecastSnapshot(new Date("2020-07-01T03:30:00Z"));
    const jobs = await testDb().job.findMany({ where: { key } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.kind).toBe(FORECAST_SNAPSHOT_JOB);
    // Not run here: it would snapshot today's real pipeline into the shared test database.
    await testDb().job.deleteMany({ where: { key } });
  });
});

describe("GET /api/analytics/forecast, past months", () => {
  /** The snapshot the API must use for a month: the latest taken on or before its first day that covered it. */
  const snapshotFor = (month: string) =>
    [...SNAPSHOT_DAYS]
      .reverse()
      .find(
        (day) =>
          day <= `${month}-01` &&
          quarterOf(day.slice(0, 7)) <= month &&
          month <= addMonths(quarterOf(day.slice(0, 7)), 5),
      );

  function expectedAnswer(ownerId: string) {
    const current = TODAY.slice(0, 7);
    const now = modelForecast(ownerId, TODAY, 6);
    return {
      months: [...now.entries()].map(([month, byCurrency]) => {
        const day = month <= current ? snapshotFor(month) : undefined;
        const then = day ? expectedSnapshots.get(day)!.get(ownerId)!.get(month)! : undefined;
        const currencies = new Set([...byCurrency.keys(), ...(then?.keys() ?? [])]);
        return {
          month,
          per_currency: [...currencies].sort().map((currency) => {
            const cell = byCurrency.get(currency) ?? { committed: 0, weighted: 0, best_case: 0 };
            const was = then?.get(currency) ?? { committed: 0, weighted: 0, best_case: 0 };
            return {
              currency,
              ...cell,
              ...(month <= current ? { actual: cell.committed } : {}),
              ...(day ? { forecast: { taken_on: day, ...was } } : {}),
            };
          }),
        };
      }),
    };
  }

  it("shows, per owner, what was forecast at each month's start beside what was won", async () => {
    for (const owner of owners) {
      const answer = await getForecast(
        { owner: owner.id, past: 6 },
        { accountId: owner.id, role: "manager" },
        { now: at(TODAY), timeZone: TIME_ZONE },
      );
      const expected = expectedAnswer(owner.id);
      expect(answer).toEqual(expected);
      // The history is not trivial: some month was forecast one amount and won another.
      expect(
        expected.months.some((month) =>
          month.per_currency.some(
            (cell) => cell.forecast && cell.forecast.weighted !== cell.actual && cell.actual! > 0,
          ),
        ),
      ).toBe(true);
    }
    // January to April 2021 have a snapshot; the months before the first snapshot have none.
    const months = (
      await getForecast(
        { owner: owners[0]!.id, past: 6 },
        { accountId: owners[0]!.id, role: "manager" },
        { now: at(TODAY), timeZone: TIME_ZONE },
      )
    ).months;
    expect(months.map((month) => month.month)).toEqual([
      "2020-10",
      "2020-11",
      "2020-12",
      "2021-01",
      "2021-02",
      "2021-03",
      "2021-04",
      "2021-05",
      "2021-06",
      "2021-07",
      "2021-08",
      "2021-09",
    ]);
    expect(
      months
        .filter((month) => month.per_currency.some((cell) => cell.forecast))
        .map((m) => m.month),
    ).toEqual(
      ["2021-01", "2021-02", "2021-03", "2021-04"].filter(
        (month) => months.find((m) => m.month === month)!.per_currency.length > 0,
      ),
    );
  });

  it("keeps what was forecast when the probabilities change later", async () => {
    const before = await getForecast(
      { owner: owners[1]!.id, past: 3 },
      { accountId: owners[1]!.id, role: "manager" },
      { now: at(TODAY), timeZone: TIME_ZONE },
    );
    const changed = await callRoute(patchSettings, {
      method: "PATCH",
      path: "/api/crm/settings",
      cookie: managerCookie,
      body: { stage_probability: { ...PROBABILITY, Negotiation: 5, Proposal: 5 } },
    });
    expect(changed.status).toBe(200);
    const after = await getForecast(
      { owner: owners[1]!.id, past: 3 },
      { accountId: owners[1]!.id, role: "manager" },
      { now: at(TODAY), timeZone: TIME_ZONE },
    );
    const forecasts = (answer: typeof before) =>
      answer.months.flatMap((month) => month.per_currency.map((cell) => cell.forecast ?? null));
    expect(forecasts(after)).toEqual(forecasts(before));
    await callRoute(patchSettings, {
      method: "PATCH",
      path: "/api/crm/settings",
      cookie: managerCookie,
      body: { stage_probability: PROBABILITY },
    });
  });

  it("answers over HTTP with `past`, refuses a bad one, and keeps a salesperson to their own figures", async () => {
    const answer = await callRoute(forecastRoute, {
      path: "/api/analytics/forecast?owner=me&past=3",
      cookie: salesCookie,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.months).toHaveLength(9);
    for (const bad of ["past=13", "past=-1", "past=two", "past=1.5"]) {
      const refused = await callRoute(forecastRoute, {
        path: `/api/analytics/forecast?${bad}`,
        cookie: managerCookie,
      });
      expect(refused.status, bad).toBe(400);
    }
    const other = await callRoute(forecastRoute, {
      path: `/api/analytics/forecast?owner=${owners[1]!.id}&past=3`,
      cookie: salesCookie,
    });
    expect(other.status).toBe(403);
  });
});

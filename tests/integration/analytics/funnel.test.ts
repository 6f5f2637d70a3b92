import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportCsv } from "@/app/api/analytics/export/route";
import { GET as dashboard } from "@/app/api/analytics/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { GET as viewByToken } from "@/app/api/ai/proposals/[token]/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { ingestEvents } from "@/lib/analytics/ingest.service";
import { getFunnel } from "@/lib/analytics/funnel.service";
import { localDay, resolvePeriod } from "@/lib/analytics/periods";
import { serverEnv } from "@/lib/env";
import { makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { signaturePng } from "../../support/signature-png";
import { staffCookie, uniqueAddress } from "../../support/staff";
import { BROWSER_UA, makeEvent } from "../../support/analytics";

// A month no other suite writes to, so the figures below are the whole truth for it.
const PERIOD = "range=custom&startDate=2023-09-01&endDate=2023-09-30";
const at = (iso: string) => new Date(iso);
const id = () => randomUUID().replaceAll("-", "");

let cookie: string;
let answer: Record<string, unknown> & {
  funnel: unknown[];
  funnel_by_channel: { channel: string; steps: { step: string; count: number }[] }[];
  funnel_by_landing_page: { landing_page: string; steps: { step: string; count: number }[] }[];
  revenue_by_channel: unknown[];
  revenue_by_day: unknown[];
  questionnaire_steps: unknown[];
};
/** The history's leads by the letter of their visitor (F: captured where the tracker could not run). */
const leads: Record<"A" | "B" | "E" | "F", string> = { A: "", B: "", E: "", F: "" };

/** One visit: page views of one session, the first arriving from `referrer`, received at `when`. */
async function visit(user: string, when: string, referrer: string, paths: string[]) {
  const session = `session_${id()}`;
  let previous = referrer;
  const events = paths.map((path) => {
    const event = makeEvent({
      user_id: user,
      session_id: session,
      page_url: `http://crm.test${path}`,
      referrer: previous,
      timestamp: at(when).toISOString(),
    });
    previous = `http://crm.test${path}`;
    return event;
  });
  await ingestEvents(
    { events },
    { clientAddress: uniqueAddress(), userAgent: BROWSER_UA, ownHost: "crm.test", now: at(when) },
  );
}

function questionnaire(overrides: Record<string, unknown>) {
  return {
    submission_id: `sub-${randomUUID()}`,
    lang: "en",
    elapsed_ms: 45_000,
    website: "clinica-norte.example",
    name: "Lucía Fernández",
    email: `funnel.${id().slice(0, 10)}@example.com`,
    phone: "+34 600 000 123",
    company: "Clínica Norte",
    industry: "Healthcare",
    employees_range: "51–200",
    headquarters: "Bilbao",
    role: "CIO",
    uses_ai: "No",
    data_storage: "Hybrid",
    has_data_team: "Yes",
    areas: ["process automation"],
    challenge: "We miss calls.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "Email",
    message: "We would like an AI receptionist.",
    ...overrides,
  };
}

/** A questionnaire lead captured now, then moved to `when` (the capture itself reads the clock). */
async function lead(when: string, visitorId?: string): Promise<string> {
  const result = await callRoute(submitLead, {
    method: "POST",
    path: "/api/leads",
    body: questionnaire(visitorId ? { visitor_id: visitorId } : {}),
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });
  expect(result.status).toBe(201);
  const submission = await testDb().leadSubmission.update({
    where: { id: result.json.id },
    data: { createdAt: at(when) },
    select: { leadId: true },
  });
  return submission.leadId;
}

/**
 * A proposal for the lead taken through the real share, view and signature calls (so its amounts are
 * parsed at signing as in production), then its times moved into the period.
 */
async function proposal(
  leadId: string,
  investment: Record<string, unknown>,
  times: { shared: string; viewed?: string; signed?: string },
) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: {
      data: { lang: "en", title: "Voice agent", client: { name: "Clínica Norte" }, investment },
      lead_id: leadId,
    },
    cookie,
  });
  expect(created.status).toBe(201);
  const { id: proposalId, token } = created.json as { id: string; token: string };
  const shared = await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${proposalId}/share`,
    params: { id: proposalId },
    cookie,
  });
  expect(shared.status).toBeLessThan(300);
  if (times.viewed)
    expect(
      (await callRoute(viewByToken, { path: `/api/ai/proposals/${token}`, params: { token } }))
        .status,
    ).toBe(200);
  if (times.signed)
    expect(
      (
        await callRoute(sign, {
          method: "POST",
          path: `/api/ai/proposals/${token}/signature`,
          params: { token },
          body: {
            full_name: "Ana Pérez",
            role: "Directora",
            company: "Clínica Norte",
            date: "2023-09-20",
            image: signaturePng(),
            version: 1,
          },
          headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "ClientBrowser/2.0" },
        })
      ).status,
    ).toBe(201);
  await testDb().proposal.update({
    where: { id: proposalId },
    data: {
      sentAt: at(times.shared),
      firstViewedAt: times.viewed ? at(times.viewed) : null,
      signedAt: times.signed ? at(times.signed) : null,
    },
  });
  if (times.signed)
    await testDb().proposalSignature.update({
      where: { proposalId },
      data: { signedAt: at(times.signed) },
    });
  return proposalId;
}

beforeAll(async () => {
  delete process.env.SMTP_URL;
  cookie = await staffCookie({ name: "Marta" });
  const [a, b, c, d, e] = Array.from({ length: 5 }, () => `user_${id()}`);
  // The previous period (31 days before): two visitors, nothing else.
  await visit(`user_${id()}`, "2023-08-10T15:00:00Z", "https://www.google.com/", ["/"]);
  await visit(`user_${id()}`, "2023-08-20T15:00:00Z", "", ["/en"]);

  // A: organic, lands on a solution page, reads the blog, completes the questionnaire, signs "USD 12.200,50" + 1,400/mo.
  await visit(a!, "2023-09-05T15:00:00Z", "https://www.google.com/search?q=ai", [
    "/en/solutions/voice-agents",
    "/en/blog",
  ]);
  await visit(a!, "2023-09-08T15:00:00Z", "", ["/optin"]);
  // B: social, questionnaire, lead, signs a proposal whose amount reads 'a convenir' (unparsed).
  await visit(b!, "2023-09-06T15:00:00Z", "https://www.linkedin.com/feed/", ["/en/blog", "/optin"]);
  // C: social, opens the questionnaire and leaves.
  await visit(c!, "2023-09-07T15:00:00Z", "https://t.co/x", ["/en/blog", "/optin"]);
  // D: direct, one page.
  await visit(d!, "2023-09-09T15:00:00Z", "", ["/"]);
  // E: referral, questionnaire, lead, a proposal shared and never opened.
  await visit(e!, "2023-09-10T15:00:00Z", "https://partner.example.org/post", ["/", "/optin"]);

  const leadA = (leads.A = await lead("2023-09-08T15:10:00Z", a));
  const leadB = (leads.B = await lead("2023-09-06T15:10:00Z", b));
  const leadE = (leads.E = await lead("2023-09-10T15:10:00Z", e));
  // F: a questionnaire sent where the tracker could not run: unknown channel.
  leads.F = await lead("2023-09-11T15:10:00Z");

  await proposal(
    leadA,
    {
      currency: "USD",
      subtotal: "USD 12.200,50",
      monthly: [{ label: "Support", amount: "1,400" }],
    },
    {
      shared: "2023-09-12T15:00:00Z",
      viewed: "2023-09-13T15:00:00Z",
      signed: "2023-09-14T15:00:00Z",
    },
  );
  await proposal(
    leadB,
    { currency: "USD", subtotal: "a convenir" },
    {
      shared: "2023-09-12T16:00:00Z",
      viewed: "2023-09-15T15:00:00Z",
      signed: "2023-09-16T15:00:00Z",
    },
  );
  await proposal(leadE, { currency: "EUR", subtotal: "9.000" }, { shared: "2023-09-20T15:00:00Z" });

  // Meetings: A books twice (one cancelled) and holds the first; B books and does not show; E booked in
  // the previous period (on the booking page, before the questionnaire) and held it in this one; one
  // booking has no lead (erased): no step counts it.
  const host = await makeStaffAccount({ role: "sales" });
  const type = await testDb().meetingType.create({
    data: {
      slug: `funnel-${id().slice(0, 8)}`,
      titleEs: "Sesión",
      titleEn: "Session",
      descriptionEs: "",
      descriptionEn: "",
      durationMinutes: 45,
      active: false,
    },
  });
  const meeting = (
    leadId: string | null,
    booked: string,
    start: string,
    more: { outcome?: string; status?: string } = {},
  ) =>
    testDb().meeting.create({
      data: {
        reference: `AV-${id().slice(0, 8).toUpperCase()}`,
        typeId: type.id,
        hostId: host.id,
        leadId,
        startsAt: at(start),
        endsAt: new Date(at(start).getTime() + 45 * 60_000),
        name: "Lucía Fernández",
        email: "lucia@clinica-norte.example",
        lang: "en",
        timeZone: "Europe/Madrid",
        createdAt: at(booked),
        ...more,
      },
    });
  await meeting(leadA, "2023-09-09T10:00:00Z", "2023-09-11T09:00:00Z", { outcome: "held" });
  await meeting(leadA, "2023-09-09T11:00:00Z", "2023-09-12T09:00:00Z", { status: "cancelled" });
  await meeting(leadB, "2023-09-07T10:00:00Z", "2023-09-13T09:00:00Z", { outcome: "no_show" });
  await meeting(leadE, "2023-08-28T10:00:00Z", "2023-09-02T09:00:00Z", { outcome: "held" });
  await meeting(null, "2023-09-09T12:00:00Z", "2023-09-14T09:00:00Z", { outcome: "held" });

  // Questionnaire visits, with step events repeated and out of order as real networks deliver them.
  const t0 = Date.parse("2023-09-18T14:00:00Z");
  const stepEvent = (session: string, step: number, seconds: number) =>
    makeEvent({
      event_type: "questionnaire_step",
      user_id: `user_${session}`,
      session_id: `session_${session}`,
      page_url: "http://crm.test/optin",
      timestamp: new Date(t0 + seconds * 1000).toISOString(),
      metadata: { step, step_name: `step_${String.fromCharCode(96 + step)}` },
    });
  const [s1, s2, s3, s4] = Array.from({ length: 4 }, () => id());
  const stepEvents = [
    // S1: steps 1, 2, 3 (10 s, then 20 s), then step 2 and 1 again: leaves at 3.
    stepEvent(s1!, 1, 0),
    stepEvent(s1!, 2, 10),
    stepEvent(s1!, 3, 30),
    stepEvent(s1!, 2, 40),
    stepEvent(s1!, 1, 50),
    // S2: every step, 5 s each, then sends the questionnaire 20 s after the last step.
    ...Array.from({ length: 18 }, (_, i) => stepEvent(s2!, i + 1, i * 5)),
    makeEvent({
      event_type: "form_submit",
      user_id: `user_${s2}`,
      session_id: `session_${s2}`,
      page_url: "http://crm.test/optin",
      timestamp: new Date(t0 + (17 * 5 + 20) * 1000).toISOString(),
      metadata: { form_type: "questionnaire", page: "/optin", form_fields: ["message"] },
    }),
    // S3: steps 1 and 2 (20 s), step 2 twice: leaves at 2.
    stepEvent(s3!, 1, 0),
    stepEvent(s3!, 2, 20),
    stepEvent(s3!, 2, 25),
    // S4: step 2 arrives before step 1 (40 s apart by the visitor's clock): leaves at 2.
    stepEvent(s4!, 2, 40),
    stepEvent(s4!, 1, 0),
  ];
  await ingestEvents(
    { events: stepEvents.slice(0, 25) },
    {
      clientAddress: uniqueAddress(),
      userAgent: BROWSER_UA,
      ownHost: "crm.test",
      now: at("2023-09-18T14:10:00Z"),
    },
  );
  await ingestEvents(
    { events: stepEvents.slice(25) },
    {
      clientAddress: uniqueAddress(),
      userAgent: BROWSER_UA,
      ownHost: "crm.test",
      now: at("2023-09-18T14:10:00Z"),
    },
  );

  const result = await callRoute(dashboard, { path: `/api/analytics?${PERIOD}`, cookie });
  expect(result.status).toBe(200);
  answer = result.json;
});

const steps = (...counts: number[]) =>
  [
    "visitors",
    "questionnaire_started",
    "lead",
    "meeting_booked",
    "meeting_held",
    "proposal_shared",
    "proposal_viewed",
    "signed",
  ].map((step, index) => ({
    step,
    count: counts[index],
    conversion:
      index === 0 || !counts[index - 1]
        ? null
        : Math.round((counts[index]! / counts[index - 1]!) * 1000) / 10,
  }));

describe("GET /api/analytics: sales funnel, by channel and landing page, and won revenue", () => {
  it("counts each step of a known history, with step conversion and the change against the previous period", () => {
    expect(answer.funnel).toEqual([
      { step: "visitors", count: 5, conversion: null, previous: 2, change: 150 },
      { step: "questionnaire_started", count: 4, conversion: 80, previous: 0, change: null },
      { step: "lead", count: 4, conversion: 100, previous: 0, change: null },
      // Leads, not meetings: A's second (cancelled) booking does not count again.
      { step: "meeting_booked", count: 2, conversion: 50, previous: 1, change: 100 },
      { step: "meeting_held", count: 2, conversion: 100, previous: 0, change: null },
      { step: "proposal_shared", count: 3, conversion: 150, previous: 0, change: null },
      { step: "proposal_viewed", count: 2, conversion: 66.7, previous: 0, change: null },
      { step: "signed", count: 2, conversion: 100, previous: 0, change: null },
    ]);
  });

  it("splits the funnel by channel: visitors by their arrival, leads onwards by the lead's first touch", () => {
    expect(answer.funnel_by_channel).toEqual([
      { channel: "organic", steps: steps(1, 1, 1, 1, 1, 1, 1, 1) },
      { channel: "direct", steps: steps(1, 0, 0, 0, 0, 0, 0, 0) },
      { channel: "social", steps: steps(2, 2, 1, 1, 0, 1, 1, 1) },
      { channel: "referral", steps: steps(1, 1, 1, 0, 1, 1, 0, 0) },
      { channel: "unknown", steps: steps(0, 0, 1, 0, 0, 0, 0, 0) },
    ]);
  });

  it("splits it by landing page, most visited first", () => {
    expect(answer.funnel_by_landing_page).toEqual([
      { landing_page: "/", steps: steps(2, 1, 1, 0, 1, 1, 0, 0) },
      { landing_page: "/en/blog", steps: steps(2, 2, 1, 1, 0, 1, 1, 1) },
      { landing_page: "/en/solutions/voice-agents", steps: steps(1, 1, 1, 1, 1, 1, 1, 1) },
      { landing_page: "unknown", steps: steps(0, 0, 1, 0, 0, 0, 0, 0) },
    ]);
  });

  it("sums won revenue per channel and currency from the figures parsed at signing, counting 'a convenir' as unparsed", async () => {
    expect(answer.revenue_by_channel).toEqual([
      {
        channel: "organic",
        currency: "USD",
        initial: 12200.5,
        monthly: 1400,
        deals: 1,
        unparsed: 0,
      },
      { channel: "social", currency: "USD", initial: 0, monthly: 0, deals: 1, unparsed: 1 },
    ]);
    const stored = await testDb().proposalSignature.findMany({
      where: { signedAt: { gte: at("2023-09-01T00:00:00Z"), lt: at("2023-10-01T00:00:00Z") } },
      select: { revenueCurrency: true, revenueInitial: true, revenueMonthly: true },
      orderBy: { signedAt: "asc" },
    });
    expect(
      stored.map((row) => [
        row.revenueCurrency,
        row.revenueInitial?.toString() ?? null,
        row.revenueMonthly?.toString() ?? null,
      ]),
    ).toEqual([
      ["USD", "12200.5", "1400"],
      ["USD", null, "0"],
    ]);
  });

  it("shows questionnaire drop-off: visits reaching each step, where they left, and the median time per step", () => {
    const reached = (step: number) => (step <= 2 ? 4 : step === 3 ? 2 : 1);
    const left: Record<number, number> = { 2: 2, 3: 1 };
    const median: Record<number, number> = { 1: 15, 2: 12.5, 18: 20 };
    expect(answer.questionnaire_steps).toEqual(
      Array.from({ length: 18 }, (_, i) => ({
        step: i + 1,
        name: `step_${String.fromCharCode(97 + i)}`,
        reached: reached(i + 1),
        left: left[i + 1] ?? 0,
        median_seconds: median[i + 1] ?? 5,
      })),
    );
  });

  it("downloads the funnel, revenue and drop-off tables of the period as CSV with the same figures", async () => {
    const csv = async (table: string) => {
      const result = await callRoute(exportCsv, {
        path: `/api/analytics/export?${PERIOD}&table=${table}`,
        cookie,
      });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(result.headers.get("content-disposition")).toBe(
        `attachment; filename="analytics-${table}-2023-09-01-2023-09-30.csv"`,
      );
      return result.text
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
    };
    expect(await csv("funnel")).toEqual([
      "step,count,conversion,previous,change",
      "visitors,5,,2,150",
      "questionnaire_started,4,80,0,",
      "lead,4,100,0,",
      "meeting_booked,2,50,1,100",
      "meeting_held,2,100,0,",
      "proposal_shared,3,150,0,",
      "proposal_viewed,2,66.7,0,",
      "signed,2,100,0,",
    ]);
    expect(await csv("revenue_by_channel")).toEqual([
      "channel,currency,initial,monthly,deals,unparsed",
      "organic,USD,12200.5,1400,1,0",
      "social,USD,0,0,1,1",
    ]);
    const timeZone = serverEnv().ANALYTICS_TIME_ZONE;
    expect(await csv("revenue_by_day")).toEqual([
      "date,currency,initial,monthly,deals,unparsed",
      `${localDay(at("2023-09-14T15:00:00Z"), timeZone)},USD,12200.5,1400,1,0`,
      `${localDay(at("2023-09-16T15:00:00Z"), timeZone)},USD,0,0,1,1`,
    ]);
    expect((await csv("questionnaire_steps")).slice(0, 4)).toEqual([
      "step,name,reached,left,median_seconds",
      "1,step_a,4,0,15",
      "2,step_b,4,2,12.5",
      "3,step_c,2,1,5",
    ]);
    const refused = await callRoute(exportCsv, {
      path: `/api/analytics/export?${PERIOD}&table=everything`,
      cookie,
    });
    expect(refused.status).toBe(400);
    const signedOut = await callRoute(exportCsv, {
      path: `/api/analytics/export?${PERIOD}&table=funnel`,
    });
    expect(signedOut.status).toBe(401);
  });

  it("draws won revenue over time: per local day and currency, the same deals as per channel", async () => {
    const timeZone = serverEnv().ANALYTICS_TIME_ZONE;
    expect(answer.revenue_by_day).toEqual([
      {
        date: localDay(at("2023-09-14T15:00:00Z"), timeZone),
        currency: "USD",
        initial: 12200.5,
        monthly: 1400,
        deals: 1,
        unparsed: 0,
      },
      {
        date: localDay(at("2023-09-16T15:00:00Z"), timeZone),
        currency: "USD",
        initial: 0,
        monthly: 0,
        deals: 1,
        unparsed: 1,
      },
    ]);
  });
});

describe("GET /api/crm/leads?funnel_step=: the leads behind a dashboard figure", () => {
  const MONTH = "from=2023-09-01&to=2023-09-30";
  async function leadIds(query: string, as = cookie): Promise<string[]> {
    const result = await callRoute(listLeads, { path: `/api/crm/leads?${query}`, cookie: as });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return (result.json as { leads: { id: string }[] }).leads.map((lead) => lead.id).sort();
  }
  const sorted = (...ids: string[]) => [...ids].sort();

  it("lists exactly the leads of each lead step, channel and landing page, as many as the funnel counts", async () => {
    expect(await leadIds(`funnel_step=lead&${MONTH}`)).toEqual(
      sorted(leads.A, leads.B, leads.E, leads.F),
    );
    expect(await leadIds(`funnel_step=lead&${MONTH}&channel=organic`)).toEqual([leads.A]);
    expect(await leadIds(`funnel_step=lead&${MONTH}&channel=unknown`)).toEqual([leads.F]);
    expect(await leadIds(`funnel_step=proposal_shared&${MONTH}`)).toEqual(
      sorted(leads.A, leads.B, leads.E),
    );
    expect(await leadIds(`funnel_step=proposal_shared&${MONTH}&landing_page=%2F`)).toEqual([
      leads.E,
    ]);
    expect(await leadIds(`funnel_step=proposal_viewed&${MONTH}&channel=social`)).toEqual([leads.B]);
    expect(await leadIds(`funnel_step=meeting_booked&${MONTH}`)).toEqual(sorted(leads.A, leads.B));
    expect(await leadIds(`funnel_step=meeting_held&${MONTH}`)).toEqual(sorted(leads.A, leads.E));
    expect(await leadIds(`funnel_step=meeting_held&${MONTH}&channel=referral`)).toEqual([leads.E]);
    expect(await leadIds("funnel_step=meeting_booked&from=2023-08-01&to=2023-08-31")).toEqual([
      leads.E,
    ]);
    expect(await leadIds(`funnel_step=signed&${MONTH}`)).toEqual(sorted(leads.A, leads.B));
    // A period that ends before the signatures: none of them.
    expect(await leadIds("funnel_step=signed&from=2023-09-01&to=2023-09-13")).toEqual([]);

    // Every linked cell of the by-channel and by-page tables opens as many leads as it counts.
    for (const group of answer.funnel_by_channel)
      for (const row of group.steps.filter((r) => r.step !== "visitors" && !r.step.startsWith("q")))
        expect(
          await leadIds(`funnel_step=${row.step}&${MONTH}&channel=${group.channel}`),
          `${group.channel} ${row.step}`,
        ).toHaveLength(row.count);
    for (const group of answer.funnel_by_landing_page)
      for (const row of group.steps.filter((r) => r.step !== "visitors" && !r.step.startsWith("q")))
        expect(
          await leadIds(
            `funnel_step=${row.step}&${MONTH}&landing_page=${encodeURIComponent(group.landing_page)}`,
          ),
          `${group.landing_page} ${row.step}`,
        ).toHaveLength(row.count);
  });

  it("lists the deals of a won-revenue row by channel and currency", async () => {
    expect(await leadIds(`funnel_step=signed&${MONTH}&channel=organic&currency=USD`)).toEqual([
      leads.A,
    ]);
    expect(await leadIds(`funnel_step=signed&${MONTH}&channel=social&currency=USD`)).toEqual([
      leads.B,
    ]);
    expect(await leadIds(`funnel_step=signed&${MONTH}&currency=EUR`)).toEqual([]);
  });

  it("is for managers and owners: a sales account gets 403, and its plain list still works", async () => {
    const sales = await staffCookie({ role: "sales" });
    const refused = await callRoute(listLeads, {
      path: `/api/crm/leads?funnel_step=lead&${MONTH}`,
      cookie: sales,
    });
    expect(refused.status).toBe(403);
    expect((await callRoute(listLeads, { path: "/api/crm/leads", cookie: sales })).status).toBe(
      200,
    );
    const manager = await staffCookie({ role: "manager" });
    expect(await leadIds(`funnel_step=lead&${MONTH}&channel=organic`, manager)).toEqual([leads.A]);
  });

  it.each([
    ["a period without funnel_step", MONTH, ["from", "to"]],
    ["a step without a period", "funnel_step=lead&from=2023-09-01", ["to"]],
    ["a reversed period", "funnel_step=lead&from=2023-09-30&to=2023-09-01", ["to"]],
    ["more than two years", "funnel_step=lead&from=2020-01-01&to=2023-09-01", ["to"]],
    ["a currency on another step", `funnel_step=lead&${MONTH}&currency=USD`, ["currency"]],
    ["an unknown step", `funnel_step=visitors&${MONTH}`, ["funnel_step"]],
    ["a malformed day", "funnel_step=lead&from=2023-9-1&to=2023-09-30", ["from"]],
  ])("refuses %s with a 400 naming the field", async (_name, query, fields) => {
    const result = await callRoute(listLeads, { path: `/api/crm/leads?${query}`, cookie });
    expect(result.status).toBe(400);
    const error = (result.json as { error: { fields: Record<string, string[]> } }).error;
    expect(Object.keys(error.fields).sort()).toEqual(fields);
  });
});

describe("the funnel of a period whose last day is cut at the time of day (the previous period of a range reaching today)", () => {
  it("puts each visitor under their first arrival across the whole days and the cut day, external first", async () => {
    const zone = serverEnv().ANALYTICS_TIME_ZONE;
    // 20 May 2023, 10:00 in New York: last3days is 18–20 May; the previous period is 15–17 May, 17 May
    // counted up to 10:00.
    const now = at("2023-05-20T14:00:00Z");
    const period = resolvePeriod({ range: "last3days" }, now, zone);
    expect([period.previous.firstDay, period.previous.lastDay]).toEqual([
      "2023-05-15",
      "2023-05-17",
    ]);
    expect(period.previous.partialLastDay?.until.toISOString()).toBe("2023-05-17T14:00:00.000Z");
    const own = "http://crm.test/en/blog";
    const [v1, v2, v3, v4, v5, v6, v7, v8] = Array.from({ length: 8 }, () => `user_${id()}`);
    // V1: a move within the site on 15 May, then from Google on the cut day: Google (outside first).
    await visit(v1!, "2023-05-15T15:00:00Z", own, ["/"]);
    await visit(v1!, "2023-05-17T13:00:00Z", "https://www.google.com/", ["/en/solutions"]);
    // V2: from LinkedIn on 15 May, then from Google on the cut day: LinkedIn (earlier).
    await visit(v2!, "2023-05-15T16:00:00Z", "https://www.linkedin.com/feed/", ["/en/blog"]);
    await visit(v2!, "2023-05-17T13:00:00Z", "https://www.google.com/", ["/"]);
    // V3: only on the cut day, before 10:00, typed in.
    await visit(v3!, "2023-05-17T13:30:00Z", "", ["/en"]);
    // V4: only on the cut day, after 10:00: not in the period.
    await visit(v4!, "2023-05-17T15:00:00Z", "https://www.google.com/", ["/"]);
    // V5: typed in on 16 May; from Google on the cut day after 10:00, which does not count.
    await visit(v5!, "2023-05-16T15:00:00Z", "", ["/en/contact"]);
    await visit(v5!, "2023-05-17T15:30:00Z", "https://www.google.com/", ["/optin"]);
    // V6: on the cut day a move within the site at 8:00, then a partner's link at 9:45; /optin after 10:00.
    await visit(v6!, "2023-05-17T12:00:00Z", own, ["/"]);
    await visit(v6!, "2023-05-17T13:45:00Z", "https://partner.example.org/post", ["/en/partners"]);
    await visit(v6!, "2023-05-17T14:30:00Z", "", ["/optin"]);
    // V7: only on the cut day: a move within the site at 8:30, then from Google after 10:00. Before the cut
    // nothing came from outside, so the arrival is the move (direct), on the page it viewed.
    await visit(v7!, "2023-05-17T12:30:00Z", own, ["/en/careers"]);
    await visit(v7!, "2023-05-17T14:15:00Z", "https://www.google.com/", ["/en/solutions"]);
    // V8: typed in on the cut day and opened the questionnaire at 9:00, before the cut.
    await visit(v8!, "2023-05-17T13:00:00Z", "", ["/optin"]);

    const figures = await getFunnel(period, zone);
    const visitors = (channel: string) =>
      figures.funnel_by_channel
        .find((row) => row.channel === channel)
        ?.steps.find((step) => step.step === "visitors")?.count ?? 0;
    expect(figures.funnel.find((row) => row.step === "visitors")?.previous).toBe(7);
    expect(figures.funnel.find((row) => row.step === "questionnaire_started")?.previous).toBe(1);

    // The split by channel and landing page is of the current period: ask for the cut one as current.
    const previousAsCurrent = {
      ...period.previous,
      range: period.range,
      previous: period.previous,
    };
    const split = await getFunnel(previousAsCurrent, zone);
    expect(split.funnel_by_channel.map((row) => [row.channel, row.steps[0]!.count])).toEqual([
      ["organic", 1],
      ["direct", 4],
      ["social", 1],
      ["referral", 1],
    ]);
    expect(visitors("organic")).toBe(0); // the current period (18–20 May) is empty
    const landing = new Map(
      split.funnel_by_landing_page.map((row) => [row.landing_page, row.steps[0]!.count]),
    );
    expect(Object.fromEntries(landing)).toEqual({
      "/en/solutions": 1,
      "/en/blog": 1,
      "/en": 1,
      "/en/contact": 1,
      "/en/partners": 1,
      "/en/careers": 1,
      "/optin": 1,
    });
  });
});

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as dashboard } from "@/app/api/analytics/route";
import { POST as sign } from "@/app/api/ai/proposals/[token]/signature/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { ingestEvents } from "@/lib/analytics/ingest.service";
import { makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { signaturePng } from "../../support/signature-png";
import { staffCookie, uniqueAddress } from "../../support/staff";
import { BROWSER_UA, makeEvent } from "../../support/analytics";

// Campaigns and channels through the real ingestion, lead capture, sharing and signing, in May 2021 (which no
// other suite writes to). The expected table is computed below from the plan of visits, not from the database.

const PERIOD = "range=custom&startDate=2021-05-01&endDate=2021-05-31";
const id = () => randomUUID().replaceAll("-", "");
const at = (iso: string) => new Date(iso);

interface Plan {
  name: string;
  when: string;
  referrer: string;
  tags: { utm_campaign?: string; utm_source?: string; utm_medium?: string };
  paths: string[];
  /** The channel the first page view must be counted under. */
  channel: string;
  lead?: boolean;
  /** When the lead booked meetings (each a booking; a lead counts once). */
  meetings?: string[];
  proposal?: { initial: number; monthly: number; signed: boolean };
}

const PLAN: Plan[] = [
  {
    name: "V1",
    when: "2021-05-04T15:00:00Z",
    referrer: "",
    tags: { utm_campaign: "spring", utm_source: "newsletter", utm_medium: "email" },
    paths: ["/en", "/optin"],
    channel: "email",
    lead: true,
    meetings: ["2021-05-05T09:00:00Z"],
    proposal: { initial: 10_000, monthly: 500, signed: true },
  },
  {
    name: "V2",
    when: "2021-05-05T15:00:00Z",
    referrer: "https://mail.example.com/",
    tags: { utm_campaign: "spring", utm_source: "newsletter", utm_medium: "email" },
    paths: ["/en"],
    channel: "email",
  },
  {
    name: "V3",
    when: "2021-05-06T15:00:00Z",
    referrer: "https://www.linkedin.com/",
    tags: { utm_campaign: "spring", utm_source: "linkedin", utm_medium: "paid_social" },
    paths: ["/optin"],
    channel: "paid",
    lead: true,
    // Booked after the period: not a figure of May.
    meetings: ["2021-06-02T09:00:00Z"],
    proposal: { initial: 4_000, monthly: 0, signed: false },
  },
  {
    name: "V4",
    when: "2021-05-07T15:00:00Z",
    referrer: "",
    tags: { utm_campaign: "launch", utm_source: "partner", utm_medium: "podcast" },
    paths: ["/en"],
    channel: "campaign",
    lead: true,
    meetings: ["2021-05-08T09:00:00Z", "2021-05-09T09:00:00Z"],
  },
  {
    name: "V5",
    when: "2021-05-08T15:00:00Z",
    referrer: "https://www.google.com/",
    tags: {},
    paths: ["/optin"],
    channel: "organic",
    lead: true,
  },
  {
    // Tagged, but in April: outside the period.
    name: "V6",
    when: "2021-04-20T15:00:00Z",
    referrer: "",
    tags: { utm_campaign: "spring", utm_source: "newsletter", utm_medium: "email" },
    paths: ["/en"],
    channel: "email",
  },
];

let managerCookie = "";
const leadOf = new Map<string, string>();

function pageUrl(path: string, tags: Plan["tags"]) {
  const url = new URL(`http://crm.test${path}`);
  for (const [key, value] of Object.entries(tags)) url.searchParams.set(key, value);
  return url.toString();
}

async function visit(plan: Plan, user: string) {
  const session = `session_${id()}`;
  let referrer = plan.referrer;
  const events = plan.paths.map((path, index) => {
    const page = index === 0 ? pageUrl(path, plan.tags) : `http://crm.test${path}`;
    const event = makeEvent({
      user_id: user,
      session_id: session,
      page_url: page,
      referrer,
      timestamp: at(plan.when).toISOString(),
    });
    referrer = page;
    return event;
  });
  await ingestEvents(
    { events },
    {
      clientAddress: uniqueAddress(),
      userAgent: BROWSER_UA,
      ownHost: "crm.test",
      now: at(plan.when),
    },
  );
}

async function captureLead(plan: Plan, user: string): Promise<string> {
  const result = await callRoute(submitLead, {
    method: "POST",
    path: "/api/leads",
    body: {
      submission_id: `sub-${randomUUID()}`,
      lang: "en",
      elapsed_ms: 45_000,
      website: "campaigns.example",
      name: `Campaign ${plan.name}`,
      email: `campaign.${id().slice(0, 10)}@example.com`,
      phone: "+34 600 000 123",
      company: "Campañas SA",
      industry: "Retail",
      employees_range: "51–200",
      headquarters: "Madrid",
      role: "CIO",
      uses_ai: "No",
      data_storage: "Hybrid",
      has_data_team: "Yes",
      areas: ["process automation"],
      challenge: "Too many calls.",
      timeline: "3–6 months",
      budget: "$25k–$100k",
      preferred_contact: "Email",
      message: "Hello.",
      visitor_id: user,
    },
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });
  expect(result.status, result.text).toBe(201);
  const submission = await testDb().leadSubmission.update({
    where: { id: result.json.id },
    data: { createdAt: new Date(Date.parse(plan.when) + 10 * 60_000) },
    select: { leadId: true },
  });
  return submission.leadId;
}

async function makeProposal(leadId: string, plan: Plan) {
  const money = plan.proposal!;
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: {
      data: {
        lang: "en",
        title: "Voice agent",
        client: { name: "Campañas SA" },
        investment: {
          currency: "USD",
          subtotal: `USD ${money.initial.toLocaleString("en-US")}`,
          ...(money.monthly
            ? { monthly: [{ label: "Support", amount: money.monthly.toLocaleString("en-US") }] }
            : {}),
        },
      },
      lead_id: leadId,
    },
    cookie: managerCookie,
  });
  expect(created.status, created.text).toBe(201);
  const { id: proposalId, token } = created.json as { id: string; token: string };
  const shared = await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${proposalId}/share`,
    params: { id: proposalId },
    cookie: managerCookie,
  });
  expect(shared.status).toBeLessThan(300);
  const sharedAt = new Date(Date.parse(plan.when) + 86_400_000);
  const signedAt = new Date(Date.parse(plan.when) + 2 * 86_400_000);
  if (money.signed) {
    const signed = await callRoute(sign, {
      method: "POST",
      path: `/api/ai/proposals/${token}/signature`,
      params: { token },
      body: {
        full_name: "Ana Pérez",
        role: "Directora",
        company: "Campañas SA",
        date: "2021-05-06",
        image: signaturePng(),
        version: 1,
      },
      headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "ClientBrowser/2.0" },
    });
    expect(signed.status, signed.text).toBe(201);
    await testDb().proposalSignature.update({ where: { proposalId }, data: { signedAt } });
  }
  await testDb().proposal.update({
    where: { id: proposalId },
    data: { sentAt: sharedAt, signedAt: money.signed ? signedAt : null },
  });
}

let meetingType: { typeId: string; hostId: string } | undefined;

/** A meeting of the lead, booked at `booked` (the booking flow itself is tested in tests/integration/meetings). */
async function makeMeeting(leadId: string, booked: string) {
  if (!meetingType) {
    const host = await makeStaffAccount({ role: "sales" });
    const type = await testDb().meetingType.create({
      data: {
        slug: `campaigns-${id().slice(0, 8)}`,
        titleEs: "Sesión",
        titleEn: "Session",
        descriptionEs: "",
        descriptionEn: "",
        durationMinutes: 30,
        active: false,
      },
    });
    meetingType = { typeId: type.id, hostId: host.id };
  }
  const start = new Date(Date.parse(booked) + 3 * 86_400_000);
  await testDb().meeting.create({
    data: {
      reference: `AV-${id().slice(0, 8).toUpperCase()}`,
      ...meetingType,
      leadId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      name: "Campaign lead",
      email: "campaign@example.com",
      lang: "en",
      timeZone: "Europe/Madrid",
      createdAt: at(booked),
    },
  });
}

let answer: {
  sources: { channel: string; visits: number }[];
  funnel_by_channel: { channel: string; steps: { step: string; count: number }[] }[];
  campaigns: Record<string, unknown>[];
};

beforeAll(async () => {
  delete process.env.SMTP_URL;
  managerCookie = await staffCookie({ role: "manager", name: "Marta" });
  for (const plan of PLAN) {
    const user = `user_${id()}`;
    await visit(plan, user);
    if (plan.lead) {
      const leadId = await captureLead(plan, user);
      leadOf.set(plan.name, leadId);
      if (plan.proposal) await makeProposal(leadId, plan);
      for (const booked of plan.meetings ?? []) await makeMeeting(leadId, booked);
    }
  }
  const result = await callRoute(dashboard, {
    path: `/api/analytics?${PERIOD}`,
    cookie: managerCookie,
  });
  expect(result.status, result.text).toBe(200);
  answer = result.json;
});

const inMay = (plan: Plan) => plan.when.startsWith("2021-05");
const inMayAt = (when: string) => when.startsWith("2021-05");

describe("the channel mapping at ingestion", () => {
  it("counts tagged e-mail as e-mail (not direct), paid tags as paid, other tags as campaign", () => {
    const expected = new Map<string, number>();
    for (const plan of PLAN.filter(inMay))
      expected.set(plan.channel, (expected.get(plan.channel) ?? 0) + 1);
    for (const [channel, visits] of expected)
      expect(answer.sources.find((row) => row.channel === channel)?.visits, channel).toBe(visits);
    // The funnel groups the leads under the same channels.
    const leadsBy = (channel: string) =>
      answer.funnel_by_channel
        .find((row) => row.channel === channel)
        ?.steps.find((step) => step.step === "lead")?.count ?? 0;
    for (const channel of expected.keys())
      expect(leadsBy(channel), channel).toBe(
        PLAN.filter((plan) => inMay(plan) && plan.lead && plan.channel === channel).length,
      );
  });
});

describe("the campaigns table", () => {
  it("has every campaign's visitors, starts, leads, proposals, signatures and revenue", () => {
    const rows = new Map<string, Record<string, unknown> & { revenue: unknown[] }>();
    for (const plan of PLAN.filter((plan) => inMay(plan) && plan.tags.utm_campaign)) {
      const key = [plan.tags.utm_campaign, plan.tags.utm_source, plan.tags.utm_medium].join("|");
      const row = rows.get(key) ?? {
        utm_campaign: plan.tags.utm_campaign,
        utm_source: plan.tags.utm_source ?? null,
        utm_medium: plan.tags.utm_medium ?? null,
        visitors: 0,
        questionnaire_started: 0,
        leads: 0,
        meetings_booked: 0,
        proposals_shared: 0,
        signed: 0,
        revenue: [] as { currency: string; initial: number; monthly: number }[],
      };
      row.visitors = (row.visitors as number) + 1;
      if (plan.paths.includes("/optin"))
        row.questionnaire_started = (row.questionnaire_started as number) + 1;
      if (plan.lead) row.leads = (row.leads as number) + 1;
      if (plan.meetings?.some(inMayAt)) row.meetings_booked = (row.meetings_booked as number) + 1;
      if (plan.proposal) row.proposals_shared = (row.proposals_shared as number) + 1;
      if (plan.proposal?.signed) {
        row.signed = (row.signed as number) + 1;
        row.revenue.push({
          currency: "USD",
          initial: plan.proposal.initial,
          monthly: plan.proposal.monthly,
        });
      }
      rows.set(key, row);
    }
    const expected = [...rows.values()].sort(
      (a, b) =>
        (b.visitors as number) - (a.visitors as number) ||
        (b.leads as number) - (a.leads as number) ||
        (b.signed as number) - (a.signed as number) ||
        String(a.utm_campaign).localeCompare(String(b.utm_campaign)) ||
        String(a.utm_source).localeCompare(String(b.utm_source)),
    );
    expect(answer.campaigns).toEqual(expected);
  });

  it("links each campaign's leads to exactly the leads behind the figure", async () => {
    const list = async (query: string) => {
      const result = await callRoute(listLeads, {
        path: `/api/crm/leads?funnel_step=lead&from=2021-05-01&to=2021-05-31&${query}`,
        cookie: managerCookie,
      });
      expect(result.status, result.text).toBe(200);
      return (result.json.leads as { id: string }[]).map((lead) => lead.id).sort();
    };
    expect(await list("utm_campaign=spring&utm_source=newsletter&utm_medium=email")).toEqual([
      leadOf.get("V1"),
    ]);
    expect(await list("utm_campaign=launch&utm_source=partner&utm_medium=podcast")).toEqual([
      leadOf.get("V4"),
    ]);
    // Meetings booked: V4 booked twice and is listed once; V3 booked in June.
    for (const [query, plans] of [
      ["utm_campaign=launch&utm_source=partner&utm_medium=podcast", ["V4"]],
      ["utm_campaign=spring&utm_source=newsletter&utm_medium=email", ["V1"]],
      ["utm_campaign=spring&utm_source=linkedin&utm_medium=paid_social", []],
    ] as const) {
      const result = await callRoute(listLeads, {
        path: `/api/crm/leads?funnel_step=meeting_booked&from=2021-05-01&to=2021-05-31&${query}`,
        cookie: managerCookie,
      });
      expect(result.status, result.text).toBe(200);
      expect((result.json.leads as { id: string }[]).map((lead) => lead.id)).toEqual(
        plans.map((plan) => leadOf.get(plan)),
      );
    }
    const signed = await callRoute(listLeads, {
      path: "/api/crm/leads?funnel_step=signed&from=2021-05-01&to=2021-05-31&utm_campaign=spring&utm_source=newsletter&utm_medium=email",
      cookie: managerCookie,
    });
    expect(signed.json.leads.map((lead: { id: string }) => lead.id)).toEqual([leadOf.get("V1")]);
    // A campaign filter goes with a funnel step, and not with a channel.
    const stray = await callRoute(listLeads, {
      path: "/api/crm/leads?utm_campaign=spring",
      cookie: managerCookie,
    });
    expect(stray.status).toBe(400);
    const mixed = await callRoute(listLeads, {
      path: "/api/crm/leads?funnel_step=lead&from=2021-05-01&to=2021-05-31&utm_campaign=spring&channel=email",
      cookie: managerCookie,
    });
    expect(mixed.status).toBe(400);
  });
});

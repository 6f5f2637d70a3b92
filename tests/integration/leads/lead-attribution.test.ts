import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postEvents } from "@/app/api/analytics/event/route";
import { GET as getLead } from "@/app/api/crm/leads/[id]/route";
import { POST as submit } from "@/app/api/leads/route";
import { ingestEvents } from "@/lib/analytics/ingest.service";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { staffCookie, uniqueAddress } from "../../support/staff";
import { BROWSER_UA, makeEvent } from "../../support/analytics";

const DAY_MS = 24 * 60 * 60 * 1000;

function contactForm(overrides: Record<string, unknown> = {}) {
  return {
    source: "home_form",
    submission_id: `sub-${randomUUID()}`,
    lang: "en",
    elapsed_ms: 20_000,
    name: "Ana Ruiz",
    email: `ana.${randomUUID().slice(0, 8)}@example.com`,
    message: "We would like to talk about an AI receptionist.",
    ...overrides,
  };
}

const submitLead = (body: unknown) =>
  callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });

let cookie: string;
beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
});

async function attributionOf(submissionId: string) {
  const { leadId } = await testDb().leadSubmission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { leadId: true },
  });
  const result = await callRoute(getLead, {
    path: `/api/crm/leads/${leadId}`,
    params: { id: leadId },
    cookie,
  });
  expect(result.status).toBe(200);
  return result.json.attribution;
}

/** Events stored as if received at `at` (the service takes the receive time; the route uses the clock). */
const ingestAt = (at: Date, events: Record<string, unknown>[]) =>
  ingestEvents(
    { events: events.map((event) => ({ ...event, timestamp: at.toISOString() })) },
    { clientAddress: uniqueAddress(), userAgent: BROWSER_UA, ownHost: "crm.test", now: at },
  );

describe("lead attribution", () => {
  it("records first and last touch from the tracker's own events for the visitor id the form sends", async () => {
    const visitor = `user_${randomUUID().replaceAll("-", "")}`;
    const now = new Date();
    const nineDaysAgo = new Date(now.getTime() - 9 * DAY_MS - 60_000);
    const firstSession = `session_${randomUUID().replaceAll("-", "")}`;
    const lastSession = `session_${randomUUID().replaceAll("-", "")}`;
    await ingestAt(nineDaysAgo, [
      makeEvent({
        user_id: visitor,
        session_id: firstSession,
        page_url:
          "http://crm.test/en/solutions/voice-agents?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&utm_term=ai%20receptionist&utm_content=hero",
        referrer: "https://www.google.com/",
      }),
      makeEvent({
        user_id: visitor,
        session_id: firstSession,
        page_url: "http://crm.test/en/blog",
        referrer: "http://crm.test/en/solutions/voice-agents",
      }),
    ]);
    const beforeSubmit = new Date(now.getTime() - 60_000);
    await ingestAt(beforeSubmit, [
      makeEvent({
        user_id: visitor,
        session_id: lastSession,
        page_url: "http://crm.test/en/blog/ai-in-clinics",
        referrer: "https://www.linkedin.com/feed/",
      }),
      makeEvent({
        user_id: visitor,
        session_id: lastSession,
        page_url: "http://crm.test/optin",
        referrer: "http://crm.test/en/blog/ai-in-clinics",
      }),
    ]);

    const result = await submitLead(
      contactForm({ visitor_id: visitor, utm: { source: "what the form says" } }),
    );
    expect(result.status).toBe(201);
    expect(await attributionOf(result.json.id)).toEqual({
      first_touch: {
        // Campaign tags decide before the referrer (docs/decisions/020-lost-reasons-and-channels.md).
        channel: "email",
        referrer_host: "google.com",
        landing_page: "/en/solutions/voice-agents",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "autumn",
        utm_term: "ai receptionist",
        utm_content: "hero",
        at: new Date(nineDaysAgo).toISOString(),
      },
      last_touch: {
        channel: "social",
        referrer_host: "linkedin.com",
        landing_page: "/en/blog/ai-in-clinics",
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        at: beforeSubmit.toISOString(),
      },
      visits: 2,
      days_to_convert: 9,
      verified: true,
    });
  });

  it("accepts a visitor id the tracker never issued, marked unverified, with the form's campaign tags cut to 200 characters", async () => {
    const result = await submitLead(
      contactForm({
        visitor_id: "user_neverissued123",
        utm: { source: "x".repeat(5000), medium: "cpc", campaign: "  " },
      }),
    );
    expect(result.status).toBe(201);
    const touch = {
      channel: null,
      referrer_host: null,
      landing_page: null,
      utm_source: "x".repeat(200),
      utm_medium: "cpc",
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      at: null,
    };
    expect(await attributionOf(result.json.id)).toEqual({
      first_touch: touch,
      last_touch: touch,
      visits: null,
      days_to_convert: null,
      verified: false,
    });
  });

  it("says 'unknown' when the form sent neither a visitor id nor campaign tags (tracker not allowed)", async () => {
    const result = await submitLead(contactForm());
    expect(result.status).toBe(201);
    expect(await attributionOf(result.json.id)).toEqual({
      first_touch: null,
      last_touch: null,
      visits: null,
      days_to_convert: null,
      verified: false,
    });
  });

  it.each([
    ["a NUL byte in a campaign tag", { utm: { source: "news\u0000letter" } }],
    ["a lone surrogate in a campaign tag", { utm: { campaign: "otoño\ud800" } }],
    ["an unknown campaign field", { utm: { source: "a", gclid: "b" } }],
    ["a visitor id that is not the tracker's", { visitor_id: "anonymous" }],
  ])("answers 400 to %s and writes nothing", async (_name, extra) => {
    const body = contactForm(extra);
    const result = await submitLead(body);
    expect(result.status).toBe(400);
    expect(await testDb().lead.count({ where: { email: body.email } })).toBe(0);
  });

  it("stores a page view whose referrer is not a URL without a referring host; its clean tag decides the channel", async () => {
    const event = makeEvent({
      referrer: "not a url at all",
      page_url: "http://crm.test/?utm_source=%00bad&utm_medium=social",
    });
    const result = await callRoute(postEvents, {
      method: "POST",
      path: "/api/analytics/event",
      body: event,
      headers: { "x-forwarded-for": uniqueAddress(), "user-agent": BROWSER_UA },
    });
    expect(result.status).toBe(202);
    const row = await testDb().analyticsEvent.findFirstOrThrow({
      where: { eventId: event.event_id },
    });
    expect(row.sourceChannel).toBe("social");
    // The tag holding a NUL is left out; the clean one is kept.
    expect(row.metadata).toEqual({ path: "/soluciones", utm_medium: "social" });
  });
});

import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/api/leads/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { uniqueAddress } from "../../support/staff";

function questionnaire(overrides: Record<string, unknown> = {}) {
  const unique = randomUUID().slice(0, 8);
  return {
    submission_id: `sub-${randomUUID()}`,
    lang: "es",
    elapsed_ms: 45_000,
    website: "clinica-norte.example",
    name: "Lucía Fernández",
    email: `lucia.${unique}@example.com`,
    phone: "+34 (600) 000-123",
    company: "Clínica Norte",
    industry: "Healthcare",
    employees_range: "51–200",
    headquarters: "Bilbao, España",
    role: "CIO",
    uses_ai: "No",
    data_storage: "Hybrid",
    has_data_team: "Yes",
    areas: ["process automation", "customer experience"],
    challenge: "Las citas se gestionan por teléfono y perdemos llamadas.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "WhatsApp",
    message: "Queremos una recepcionista de IA bilingüe.",
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest", ...headers },
  });

describe("POST /api/leads", () => {
  beforeEach(async () => {
    await testDb().rateLimitCounter.deleteMany({ where: { bucket: "lead_submission" } });
  });

  it("stores the submission and creates a Qualification lead with an optin activity", async () => {
    const body = questionnaire();
    const result = await post(body, { referer: "https://avanza.example/optin" });
    expect(result.status).toBe(201);
    expect(result.json).toEqual({ ok: true, id: expect.any(String) });

    const submission = await testDb().leadSubmission.findUniqueOrThrow({
      where: { id: result.json.id },
      include: { lead: { include: { activities: true } } },
    });
    expect(submission).toMatchObject({
      submissionId: body.submission_id,
      source: "optin",
      lang: "es",
      userAgent: "Vitest",
      referrer: "https://avanza.example/optin",
    });
    expect(submission.answers).toMatchObject({
      website: "https://clinica-norte.example",
      areas: ["process automation", "customer experience"],
      budget: "$25k–$100k",
    });
    expect(submission.lead).toMatchObject({
      email: body.email,
      name: "Lucía Fernández",
      phone: "+34 (600) 000-123",
      company: "Clínica Norte",
      industry: "Healthcare",
      stage: "Qualification",
      source: "optin",
      lang: "es",
    });
    expect(submission.lead.activities.map((a) => a.type)).toEqual(["optin"]);
  });

  it("merges a known e-mail (any case) into the existing lead instead of duplicating it", async () => {
    const first = questionnaire({ phone: "+34 600 000 001" });
    await post(first);
    const lead = await testDb().lead.findFirstOrThrow({ where: { email: first.email } });
    await testDb().lead.update({ where: { id: lead.id }, data: { company: null } });

    const again = await post(
      questionnaire({
        email: first.email.toUpperCase(),
        company: "Clínica Norte Grupo",
        phone: "+34 699 999 999",
      }),
    );
    expect(again.status).toBe(201);
    const leads = await testDb().lead.findMany({
      where: { email: { equals: first.email, mode: "insensitive" } },
      include: { activities: true, submissions: true },
    });
    expect(leads).toHaveLength(1);
    expect(leads[0]!.company).toBe("Clínica Norte Grupo"); // an empty field is filled…
    expect(leads[0]!.phone).toBe("+34 600 000 001"); // …a filled one is kept
    expect(leads[0]!.activities.filter((a) => a.type === "optin")).toHaveLength(2);
    expect(leads[0]!.submissions).toHaveLength(2);
  });

  it("creates one submission for the same submission id sent twice, answering both with the same id", async () => {
    const body = questionnaire();
    const first = await post(body);
    const retry = await post(body);
    expect(retry.status).toBe(201);
    expect(retry.json.id).toBe(first.json.id);
    expect(
      await testDb().leadSubmission.count({ where: { submissionId: body.submission_id } }),
    ).toBe(1);
  });

  it("accepts the submission id as an Idempotency-Key header, also for concurrent retries", async () => {
    const key = `key-${randomUUID()}`;
    const body = { ...questionnaire(), submission_id: undefined };
    const results = await Promise.all([
      post(body, { "idempotency-key": key }),
      post(body, { "idempotency-key": key }),
      post(body, { "idempotency-key": key }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(await testDb().leadSubmission.count({ where: { submissionId: key } })).toBe(1);
  });

  it("lands every one of many concurrent submissions", async () => {
    const bodies = Array.from({ length: 12 }, () => questionnaire());
    const results = await Promise.all(bodies.map((body) => post(body)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(
      await testDb().lead.count({ where: { email: { in: bodies.map((b) => b.email) } } }),
    ).toBe(12);
  });

  it("takes the home contact form with source home_form", async () => {
    const email = `form.${randomUUID().slice(0, 8)}@example.org`;
    const result = await post({
      source: "home_form",
      submission_id: `f-${randomUUID()}`,
      lang: "en",
      elapsed_ms: 12_000,
      name: "Emily Carter",
      email,
      company: "Corner Market Co.",
      message: "Loyalty program across 12 stores.",
    });
    expect(result.status).toBe(201);
    const lead = await testDb().lead.findFirstOrThrow({
      where: { email },
      include: { activities: true },
    });
    expect(lead).toMatchObject({ source: "home_form", lang: "en", company: "Corner Market Co." });
    expect(lead.activities[0]!.content).toBe(
      "Contact form message: Loyalty program across 12 stores.",
    );
  });

  it.each([
    ["email", { email: "not-an-email" }],
    ["phone", { phone: "12" }],
    ["phone", { phone: "call me maybe 5550100" }],
    ["website", { website: "not a site" }],
    ["industry", { industry: "Mining" }],
    ["areas", { areas: [] }],
    ["areas.0", { areas: ["world peace"] }],
    ["name", { name: "   " }],
    ["message", { message: "x".repeat(4001) }],
    ["lang", { lang: "fr" }],
    ["elapsed_ms", { elapsed_ms: "soon" }],
  ])("answers 400 naming the field %s", async (field, overrides) => {
    const result = await post(questionnaire(overrides));
    expect(result.status).toBe(400);
    expect(Object.keys(result.json.error.fields)).toContain(field);
  });

  it("answers 400 for unknown fields and malformed JSON, 415 for other content types, 413 above 32 KB", async () => {
    expect((await post({ ...questionnaire(), is_admin: true })).status).toBe(400);
    const malformed = await callRoute(submit, {
      method: "POST",
      path: "/api/leads",
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    const form = await callRoute(submit, {
      method: "POST",
      path: "/api/leads",
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const huge = await post(questionnaire({ challenge: "x".repeat(40 * 1024) }));
    expect(huge.status).toBe(413);
  });

  it("gives a bot the usual 201 but creates nothing when the honeypot is filled or the form was too fast", async () => {
    const trap = questionnaire({ fax: "+1 555 0100" });
    const fast = questionnaire({ elapsed_ms: 400 });
    for (const body of [trap, fast]) {
      const result = await post(body);
      expect(result.status).toBe(201);
      expect(result.json.ok).toBe(true);
      expect(await testDb().lead.count({ where: { email: body.email } })).toBe(0);
    }
    expect(
      await testDb().spamSubmission.count({ where: { reason: "honeypot" } }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await testDb().spamSubmission.count({ where: { reason: "too_fast" } }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("answers 429 with Retry-After once an address sends too much, and still answers retries of stored submissions", async () => {
    const address = uniqueAddress();
    const stored = questionnaire();
    expect((await post(stored, { "x-forwarded-for": address })).status).toBe(201);
    for (let i = 1; i < 10; i++)
      expect((await post(questionnaire(), { "x-forwarded-for": address })).status).toBe(201);
    const throttled = await post(questionnaire(), { "x-forwarded-for": address });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(stored, { "x-forwarded-for": address })).status).toBe(201);
  });
});

// The documented public contract of POST /api/leads: the plain body is enough; ids and timing are optional.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/api/leads/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { uniqueAddress } from "../../support/staff";

/** Exactly the body docs/api.md shows: no submission_id, no elapsed_ms, no source. */
function documentedBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Lucía Fernández",
    email: `lucia.${randomUUID().slice(0, 8)}@example.com`,
    phone: "+34 600 000 123",
    company: "Clínica Norte",
    headquarters: "Bilbao, España",
    employees_range: "51–200",
    industry: "Healthcare",
    role: "CIO",
    uses_ai: "No",
    data_storage: "Hybrid",
    has_data_team: "Yes",
    areas: ["process automation"],
    challenge: "Perdemos llamadas.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "Email",
    message: "Queremos una recepcionista de IA.",
    website: "clinica-norte.example",
    lang: "es",
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), ...headers },
  });

describe("POST /api/leads, the documented contract", () => {
  beforeEach(async () => {
    await testDb().rateLimitCounter.deleteMany({ where: { bucket: "lead_submission" } });
  });

  it("accepts the documented body without elapsed_ms or submission_id (201) and files the lead", async () => {
    const body = documentedBody();
    const result = await post(body);
    expect(result.status).toBe(201);
    expect(result.json).toEqual({ ok: true, id: expect.any(String) });
    const lead = await testDb().lead.findFirstOrThrow({ where: { email: body.email } });
    expect(lead).toMatchObject({
      name: "Lucía Fernández",
      stage: "Qualification",
      source: "optin",
    });
  });

  it("treats an identical body for the same e-mail within 10 minutes as a retry, even from another address", async () => {
    const body = documentedBody();
    const first = await post(body);
    const again = await post(body);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    expect(await testDb().leadSubmission.count({ where: { lead: { email: body.email } } })).toBe(1);
    // A different message from the same person is a new submission.
    const changed = await post({ ...body, message: "Otra cosa." });
    expect(changed.json.id).not.toBe(first.json.id);
    expect(await testDb().leadSubmission.count({ where: { lead: { email: body.email } } })).toBe(2);
  });

  it("files parallel identical bodies once", async () => {
    const body = documentedBody();
    const results = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(await testDb().leadSubmission.count({ where: { lead: { email: body.email } } })).toBe(1);
  });

  it("keeps submission_id and Idempotency-Key idempotent when present", async () => {
    const key = `key-${randomUUID()}`;
    const body = documentedBody();
    const first = await post(body, { "idempotency-key": key });
    const second = await post({ ...body, message: "edited" }, { "idempotency-key": key });
    expect(second.json.id).toBe(first.json.id);
  });

  it("applies the minimum fill time only when elapsed_ms is sent; the honeypot always", async () => {
    const fast = documentedBody({ elapsed_ms: 500 });
    expect((await post(fast)).status).toBe(201);
    expect(await testDb().lead.count({ where: { email: fast.email } })).toBe(0);
    const bot = documentedBody({ fax: "buy now" });
    expect((await post(bot)).status).toBe(201);
    expect(await testDb().lead.count({ where: { email: bot.email } })).toBe(0);
  });

  it("holds the per-address limit exactly under 40 parallel submissions (10 through)", async () => {
    const address = uniqueAddress();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => post(documentedBody(), { "x-forwarded-for": address })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keys the limit on the trusted proxy's entry, so a rotated X-Forwarded-For prefix does not dodge it", async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await post(documentedBody(), { "x-forwarded-for": `198.51.100.${i}, ${address}` })).status,
      );
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("refuses NUL and lone surrogates naming the field, and stores text in NFC", async () => {
    const nul = await post(documentedBody({ company: "ACME\u0000" }));
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.json.error.fields)).toEqual(["company"]);
    const surrogate = await post(documentedBody({ name: "Ana \ud83d" }));
    expect(surrogate.status).toBe(400);
    expect(Object.keys(surrogate.json.error.fields)).toEqual(["name"]);
    const decomposed = documentedBody({ name: "Lucie\u0301" });
    expect((await post(decomposed)).status).toBe(201);
    const lead = await testDb().lead.findFirstOrThrow({ where: { email: decomposed.email } });
    expect(lead.name).toBe("Lucié".normalize("NFC"));
  });
});

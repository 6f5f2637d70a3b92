// Past the global lead threshold, submissions are accepted and held for review, never refused.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as decide } from "@/app/api/crm/review/[id]/route";
import { GET as listHeld } from "@/app/api/crm/review/route";
import { POST as submit } from "@/app/api/leads/route";
import { callRoute } from "../../support/http";
import { testDb } from "../../support/factories";
import { staffCookie, uniqueAddress } from "../../support/staff";

const GLOBAL_LIMIT = 3;
const previous = process.env.LEADS_RATE_LIMIT_GLOBAL;
let cookie: string;
beforeAll(async () => {
  // Read on first use by lib/env.ts, which this file's module graph loads fresh.
  process.env.LEADS_RATE_LIMIT_GLOBAL = String(GLOBAL_LIMIT);
  cookie = await staffCookie();
});
afterAll(() => {
  if (previous === undefined) delete process.env.LEADS_RATE_LIMIT_GLOBAL;
  else process.env.LEADS_RATE_LIMIT_GLOBAL = previous;
});

const contact = () => ({
  source: "home_form",
  lang: "en",
  name: "Sam",
  email: `sam.${randomUUID().slice(0, 8)}@example.com`,
  message: "Hello",
});
const post = (body: unknown) =>
  callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress() },
  });

describe("the global lead threshold", () => {
  beforeEach(async () => {
    await testDb().rateLimitCounter.deleteMany({ where: { bucket: "lead_submission" } });
    await testDb().heldLeadSubmission.deleteMany();
  });

  it("accepts submissions past it (201) and holds them out of the pipeline, in Needs review", async () => {
    const bodies = Array.from({ length: GLOBAL_LIMIT + 2 }, contact);
    for (const body of bodies) expect((await post(body)).status).toBe(201);
    const filed = await testDb().lead.count({
      where: { email: { in: bodies.map((b) => b.email) } },
    });
    expect(filed).toBe(GLOBAL_LIMIT);

    const list = await callRoute(listHeld, { path: "/api/crm/review", cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(list.json.data.map((d: { email: string }) => d.email).sort()).toEqual(
      bodies
        .slice(GLOBAL_LIMIT)
        .map((b) => b.email)
        .sort(),
    );
  });

  it("answers a retry of a held submission with the same id", async () => {
    for (let i = 0; i < GLOBAL_LIMIT; i++) await post(contact());
    const body = contact();
    const first = await post(body);
    const again = await post(body);
    expect(again.json.id).toBe(first.json.id);
    expect(await testDb().heldLeadSubmission.count()).toBe(1);
  });

  it("files an accepted submission as a lead once; a discarded one never", async () => {
    for (let i = 0; i < GLOBAL_LIMIT; i++) await post(contact());
    const kept = contact();
    const dropped = contact();
    await post(kept);
    await post(dropped);
    const held = await testDb().heldLeadSubmission.findMany();
    const idOf = (email: string) => held.find((h) => h.email === email)!.id;
    const accept = await callRoute(decide, {
      method: "PATCH",
      path: `/api/crm/review/${idOf(kept.email)}`,
      params: { id: idOf(kept.email) },
      body: { decision: "accept" },
      cookie,
    });
    expect(accept.status).toBe(200);
    expect(await testDb().lead.count({ where: { email: kept.email } })).toBe(1);
    const twice = await callRoute(decide, {
      method: "PATCH",
      path: `/api/crm/review/${idOf(kept.email)}`,
      params: { id: idOf(kept.email) },
      body: { decision: "accept" },
      cookie,
    });
    expect(twice.status).toBe(409);
    const discard = await callRoute(decide, {
      method: "PATCH",
      path: `/api/crm/review/${idOf(dropped.email)}`,
      params: { id: idOf(dropped.email) },
      body: { decision: "discard" },
      cookie,
    });
    expect(discard.status).toBe(200);
    expect(await testDb().lead.count({ where: { email: dropped.email } })).toBe(0);
  });
});

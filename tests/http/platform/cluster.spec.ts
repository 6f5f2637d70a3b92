// Two production instances on one PostgreSQL behind a real HAProxy (TRUSTED_PROXY_HOPS=1): what holds
// on one instance must hold across both. Uses the production build the e2e run makes.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import type { PrismaClient } from "@/lib/prisma-client";
import { CLUSTER_OWNER as OWNER, test, type TestCluster } from "../../e2e/support/cluster";
import { inviteStaff } from "../../e2e/support/staff";
import { proposalData } from "../../support/proposals";
import { signaturePng } from "../../support/signature-png";

// The cluster is the worker's (tests/e2e/support/cluster.ts), shared with cluster-publish.spec.ts.
let cluster: TestCluster;
let prisma: PrismaClient;
let api: APIRequestContext;

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeAll(async ({ cluster: shared }) => {
  cluster = shared;
  prisma = cluster.prisma;
  api = await playwrightRequest.newContext({ baseURL: cluster.url });
  // Another spec may have used the shared cluster first: these tests count sign-ins from one address.
  await prisma.rateLimitCounter.deleteMany({
    where: { bucket: { in: ["staff_sign_in_address", "staff_sign_in"] } },
  });
});

test.afterAll(async () => {
  await api?.dispose();
});

const sameOrigin = () => ({ origin: cluster.url, "sec-fetch-site": "same-origin" });

async function unlock(
  context: APIRequestContext,
  account: { email: string; password: string } = OWNER,
) {
  return context.post("/api/crm/auth", {
    data: { email: account.email, password: account.password },
    headers: sameOrigin(),
  });
}

/** The owner invites a sales user and the invite link sets their password (both through the API). */
async function inviteSalesUser() {
  const owner = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(owner)).status()).toBe(200);
  const sales = await inviteStaff(owner, sameOrigin(), {
    email: `sales.${randomUUID().slice(0, 8)}@example.com`,
    name: "Cluster Sales",
    role: "sales",
    password: "cluster-sales-password",
  });
  return { owner, ...sales };
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  source: "home_form",
  lang: "en",
  name: "Sam",
  email: `sam.${randomUUID().slice(0, 8)}@example.com`,
  message: "Hello",
  ...overrides,
});

test("a session opened on one instance works on both, and locking revokes it on both", async () => {
  const staff = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(staff)).status()).toBe(200);
  // Round robin: consecutive requests alternate between the two instances.
  for (let i = 0; i < 4; i++) expect((await staff.get("/api/crm/pipeline")).status()).toBe(200);
  expect((await staff.delete("/api/crm/auth", { headers: sameOrigin() })).status()).toBe(200);
  for (let i = 0; i < 4; i++) expect((await staff.get("/api/crm/pipeline")).status()).toBe(401);
  await staff.dispose();
});

test("deactivating an account on one instance ends its sessions on both at once", async () => {
  const sales = await inviteSalesUser();
  const tab = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(tab, sales)).status()).toBe(200);
  for (let i = 0; i < 4; i++) expect((await tab.get("/api/crm/pipeline")).status()).toBe(200);
  const deactivated = await sales.owner.patch(`/api/staff/accounts/${sales.id}`, {
    headers: sameOrigin(),
    data: { active: false },
  });
  expect(deactivated.status()).toBe(200);
  // Round robin: the next requests land on both instances; neither keeps the session alive.
  for (let i = 0; i < 4; i++) expect((await tab.get("/api/crm/pipeline")).status()).toBe(401);
  expect((await unlock(tab, sales)).status()).toBe(401);
  await tab.dispose();
  await sales.owner.dispose();
});

test("an account's failures count on both instances, whatever X-Forwarded-For says", async () => {
  const sales = await inviteSalesUser();
  await sales.owner.dispose();
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const response = await api.post("/api/crm/auth", {
      data: { email: sales.email, password: "wrong-password" },
      headers: { ...sameOrigin(), "x-forwarded-for": `203.0.113.${i}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  // The delay holds for the right password too, and the address counted is the one HAProxy saw.
  expect((await unlock(api, sales)).status()).toBe(429);
  const keys = await prisma.rateLimitCounter.findMany({
    where: { bucket: "staff_sign_in_address" },
    select: { key: true },
  });
  expect(new Set(keys.map((k) => k.key))).toEqual(new Set(["127.0.0.1"]));
});

test("retries of one lead split across instances store it once", async () => {
  const body = { ...contact(), submission_id: `sub-${randomUUID()}` };
  const responses = await Promise.all(
    Array.from({ length: 6 }, () => api.post("/api/leads", { data: body })),
  );
  const ids = await Promise.all(responses.map(async (r) => (await r.json()).id as string));
  expect(responses.map((r) => r.status())).toEqual(Array(6).fill(201));
  expect(new Set(ids).size).toBe(1);
  expect(await prisma.leadSubmission.count({ where: { submissionId: body.submission_id } })).toBe(
    1,
  );

  // Without an id, the identical body is the same submission too.
  const plain = contact();
  const again = await Promise.all(
    Array.from({ length: 4 }, () => api.post("/api/leads", { data: plain })),
  );
  expect(new Set(await Promise.all(again.map(async (r) => (await r.json()).id))).size).toBe(1);
  expect(await prisma.lead.count({ where: { email: plain.email } })).toBe(1);
});

test("the per-address lead limit cannot be dodged by rotating X-Forwarded-For", async () => {
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "lead_submission" } });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await api.post("/api/leads", {
      data: contact(),
      headers: { "x-forwarded-for": `198.51.100.${i}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
  const keys = await prisma.rateLimitCounter.findMany({
    where: { bucket: "lead_submission", key: { not: "*" } },
    select: { key: true },
  });
  expect(new Set(keys.map((k) => k.key))).toEqual(new Set(["127.0.0.1"]));
});

test("two instances racing to sign one proposal produce exactly one signature", async () => {
  const staff = await playwrightRequest.newContext({ baseURL: cluster.url });
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "staff_sign_in_address" } });
  expect((await unlock(staff)).status()).toBe(200);
  const created = await staff.post("/api/crm/proposals", {
    headers: sameOrigin(),
    data: { data: proposalData({ lang: "en" }) },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  await prisma.proposal.update({
    where: { id },
    data: { status: "shared", sentAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const attempts = await Promise.all(
    Array.from({ length: 6 }, () =>
      api.post(`/api/ai/proposals/${token}/signature`, {
        headers: sameOrigin(),
        data: {
          full_name: "Ana Pérez",
          role: "CEO",
          company: "ACME",
          date: "2026-11-23",
          image: signaturePng(),
          version: 1,
        },
      }),
    ),
  );
  const statuses = attempts.map((a) => a.status()).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
  expect(await prisma.proposalSignature.count({ where: { proposalId: id } })).toBe(1);
  await staff.dispose();
});

test("strangers' failures through the balancer do not keep a known browser out on either instance", async () => {
  const sales = await inviteSalesUser();
  await sales.owner.dispose();
  const laptop = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(laptop, sales)).status()).toBe(200);

  // Strangers lock the account (the growing delay skipped by editing the row, as a patient attacker
  // would wait it out), then spend what is left of the address HAProxy sees for everyone here.
  for (let i = 0; i < 10; i++) {
    await prisma.staffAccount.update({
      where: { id: sales.id },
      data: { lastFailedAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    const guess = await api.post("/api/crm/auth", {
      data: { email: sales.email, password: "wrong-password" },
      headers: sameOrigin(),
    });
    expect(guess.status()).toBe(401);
  }
  for (let i = 0; i < 20; i++)
    await api.post("/api/crm/auth", {
      data: { email: `nobody-${i}@example.com`, password: "wrong-password" },
      headers: sameOrigin(),
    });
  expect((await unlock(api, sales)).status()).toBe(429);

  // The laptop signs in on both instances (round robin), again and again.
  for (let i = 0; i < 4; i++) expect((await unlock(laptop, sales)).status()).toBe(200);
  expect((await unlock(api, sales)).status()).toBe(429);
  await laptop.dispose();
});

/** A signed-in owner on a fresh budget, and a shared proposal of theirs (its client link token). */
async function sharedProposal() {
  await prisma.rateLimitCounter.deleteMany({
    where: { bucket: { in: ["staff_sign_in_address", "staff_sign_in"] } },
  });
  const staff = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(staff)).status()).toBe(200);
  const created = await staff.post("/api/crm/proposals", {
    headers: sameOrigin(),
    data: { data: proposalData({ lang: "en" }) },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  await prisma.proposal.update({
    where: { id },
    data: { status: "shared", sentAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) },
  });
  await staff.dispose();
  return { id, token };
}

test("made-up password links through the balancer: 410 on both instances, never a hash, then 429 for the address HAProxy saw", async () => {
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "staff_password_link" } });
  const credentialsBefore = await prisma.staffCredential.findMany({
    select: { id: true, password: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const response = await api.post("/api/staff/password", {
      headers: { ...sameOrigin(), "x-forwarded-for": `198.51.100.${i}` },
      data: {
        token: randomUUID().replaceAll("-", "") + "x".repeat(11),
        password: "a new long password 1",
      },
    });
    statuses.push(response.status());
  }
  // Round robin: both instances answered, and counted the same address against one budget of 20.
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(410));
  expect(statuses[20]).toBe(429);
  expect(
    await prisma.staffCredential.findMany({
      select: { id: true, password: true, updatedAt: true },
      orderBy: { id: "asc" },
    }),
  ).toEqual(credentialsBefore);
  // The links the other tests of this file use come from the same address.
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "staff_password_link" } });
});

test("verify uploads through the balancer: junk refused from its first bytes, an oversized one by its length, then 429 across both instances", async () => {
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "proposal_verify" } });
  const upload = (buffer: Buffer) =>
    api.post("/api/proposals/verify", {
      multipart: { file: { name: "x.pdf", mimeType: "application/pdf", buffer } },
    });
  const junk = await upload(Buffer.alloc(64 * 1024, 0x47));
  expect(junk.status()).toBe(400);
  expect((await junk.json()).error.fields.file).toBeDefined();
  expect(await declaredTooLarge()).toBe(413);
  const fake = await upload(Buffer.from("%PDF-1.7\nnot a sealed proposal"));
  expect(fake.status()).toBe(200);
  expect((await fake.json()).match).toBe(false);
  // Each of those paid from one address's budget of 30 (the declared-too-large one too), whichever
  // instance answered.
  const statuses: number[] = [];
  for (let i = 0; i < 28; i++)
    statuses.push((await upload(Buffer.from("GIF89a, not a PDF"))).status());
  expect(statuses.slice(0, 27)).toEqual(Array(27).fill(400));
  expect(statuses[27]).toBe(429);
  expect(
    await prisma.rateLimitCounter.count({
      where: { bucket: "proposal_verify", key: { not: "127.0.0.1" } },
    }),
  ).toBe(0);
});

/**
 * An upload that declares 20 MB and sends only its first 64 KB: the answer must come from the length
 * alone (the rest never arrives). Sent by hand, as a client library would wait to send it all.
 */
function declaredTooLarge(): Promise<number> {
  const boundary = "cluster-too-large";
  return new Promise((resolve, reject) => {
    const request = http.request(`${cluster.url}/api/proposals/verify`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(20 * 1024 * 1024),
      },
    });
    request.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      request.destroy();
    });
    request.on("error", reject);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-1.7\n${"0".repeat(64 * 1024)}`,
    );
  });
}

test("blank and oversized signatures through the balancer: 400 and 413 on both instances, nothing signed, the link's budget untouched", async () => {
  const { id, token } = await sharedProposal();
  const sign = (image: string) =>
    api.post(`/api/ai/proposals/${token}/signature`, {
      headers: sameOrigin(),
      data: { full_name: "Flood", role: "x", company: "x", date: "2026-12-01", image, version: 1 },
    });
  const blank = signaturePng({ strokes: false, width: 1500, height: 480 });
  const huge = signaturePng({ strokes: false, width: 3000, height: 1000 });
  for (let i = 0; i < 4; i++) {
    expect((await sign(blank)).status()).toBe(400);
    expect((await sign(huge)).status()).toBe(413);
  }
  expect(await prisma.proposalSignature.count({ where: { proposalId: id } })).toBe(0);
  expect(
    await prisma.rateLimitCounter.count({
      // This link's budgets only (the link's key is its id; the address's starts with it).
      where: {
        bucket: { in: ["proposal_signature", "proposal_signature_address"] },
        key: { startsWith: id },
      },
    }),
  ).toBe(0);
  expect((await prisma.proposal.findUniqueOrThrow({ where: { id } })).status).toBe("shared");
});

test("deeply nested JSON through the balancer: 400 naming the nesting on both instances, nothing written", async () => {
  const leadsBefore = await prisma.lead.count();
  const eventsBefore = await prisma.analyticsEvent.count();
  const deep = `${"[".repeat(15_000)}${"]".repeat(15_000)}`;
  for (let i = 0; i < 2; i++) {
    const lead = await api.post("/api/leads", {
      headers: { "content-type": "application/json" },
      data: `{"source":"home_form","lang":"en","name":"Deep","email":"deep@example.com","message":${deep}}`,
    });
    expect(lead.status()).toBe(400);
    expect((await lead.json()).error.message).toMatch(/nested/);
    const events = await api.post("/api/analytics/event", {
      headers: { "content-type": "text/plain" },
      data: `{"events":[${deep}]}`,
    });
    expect(events.status()).toBe(400);
    expect((await events.json()).error.message).toMatch(/nested/);
  }
  expect(await prisma.lead.count()).toBe(leadsBefore);
  expect(await prisma.analyticsEvent.count()).toBe(eventsBefore);
});

/** A sign-in sent from a chosen loopback address, so HAProxy sees (and forwards) a different client. */
function signInFrom(
  localAddress: string,
  account: { email: string; password: string },
): Promise<number> {
  const body = JSON.stringify({ email: account.email, password: account.password });
  return new Promise((resolve, reject) => {
    const request = http.request(`${cluster.url}/api/crm/auth`, {
      method: "POST",
      localAddress,
      headers: { ...sameOrigin(), "content-type": "application/json" },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

test("one address flooding sign-in through the balancer does not keep a colleague at another address out", async () => {
  await prisma.rateLimitCounter.deleteMany({
    where: { bucket: { in: ["staff_sign_in_address", "staff_sign_in"] } },
  });
  const sales = await inviteSalesUser();
  await sales.owner.dispose();
  // More attempts than the team's whole budget a minute (60), all from one stranger.
  const stranger: number[] = [];
  for (let i = 0; i < 80; i++)
    stranger.push(
      await signInFrom("127.0.0.2", { email: `nobody-${i}@example.com`, password: "wrong" }),
    );
  expect(stranger.slice(0, 5)).toEqual(Array(5).fill(401));
  expect(stranger.slice(-10)).toEqual(Array(10).fill(429));
  // The colleague, a fresh browser at another address, signs in on both instances.
  for (let i = 0; i < 2; i++) expect(await signInFrom("127.0.0.3", sales)).toBe(200);
  // Each was counted as the address HAProxy saw, not as the balancer's own.
  const addresses = await prisma.rateLimitCounter.findMany({
    where: { bucket: "staff_sign_in_address" },
    select: { key: true },
  });
  expect(addresses.map((row) => row.key)).toEqual(
    expect.arrayContaining(["127.0.0.2", "127.0.0.3"]),
  );
});

test("before sign-in, both instances answer an encoded slash with 400 and a malformed staff id with 401", async () => {
  for (let i = 0; i < 2; i++) {
    const slash = await api.get("/api%2fcrm%2fleads");
    expect(slash.status()).toBe(400);
    expect((await slash.json()).error.message).toMatch(/encoded slash/);
    const malformed = await api.get("/api/crm/leads/not-an-id");
    expect(malformed.status()).toBe(401);
    const patched = await api.patch("/api/crm/leads/not-an-id", {
      headers: sameOrigin(),
      data: { stage: "Won" },
    });
    expect(patched.status()).toBe(401);
  }
});
